/** A scene still busy where the text goes is calmed there, around the product. */
import { calmBehind } from '../../text/text-calm';
import type { Step } from '../../steps';
import type { FusionContext } from '../context';

export const calmBehindTextStep: Step<FusionContext> = {
  name: () => 'scene calmed behind text',
  run: ({ scene, blocks, coverage, busyness }) => calmBehind(scene, blocks, coverage, busyness),
};

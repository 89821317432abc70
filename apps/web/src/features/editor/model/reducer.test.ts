import { describe, expect, it } from 'vitest';
import { EDITOR_LIMITS, TEXT_DEFAULTS, type EditorDocument } from '@vitrine/shared/api/editor';
import { catalogs } from '@vitrine/shared/i18n/catalog';
import { canAddText, textBandsOf, TEXT_REQUIRED_NOTICE } from './document';
import { editorReducer, initialEditorState, type EditorAction } from './reducer';
import type { EditorState } from './types';

const LOGO_ID = '7b0d7f5e-3c2a-4f11-9a59-1d0b7c2e8f10';
const OTHER_LOGO_ID = '0f8f6c0e-8f3b-4b2f-8d5e-2a1c9b7d6e54';

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

/** A desktop editor over a 1080×1920 image shown at 540×960. */
function editor(document?: EditorDocument): EditorState {
  return run(
    initialEditorState(1280, document),
    { type: 'setCanvas', size: { width: 1080, height: 1920 } },
    { type: 'setDisplay', size: { width: 540, height: 960 } },
  );
}

function withText(state: EditorState, text: string, now = 1000): EditorState {
  return run(state, { type: 'newText' }, { type: 'editDraft', change: { text } }, { type: 'addText', now });
}

describe('layer selection (spec section 4)', () => {
  it('New logo selects the logo layer and clears the text selection', () => {
    const state = run(withText(editor(), 'Soldes'), { type: 'newLogo' });
    expect(state.selectedLayer).toBe('logo');
    expect(state.selectedTextId).toBeNull();
  });

  it('New text enters creation mode and clears the selection', () => {
    const state = run(editor(), { type: 'setLogo', uploadId: LOGO_ID }, { type: 'newText' });
    expect(state.creating).toBe(true);
    expect(state.selectedLayer).toBe('none');
    expect(state.selectedTextId).toBeNull();
    // Each press starts a fresh form (it takes the focus again), with an empty field.
    expect(run(state, { type: 'newText' }).draftKey).toBe(state.draftKey + 1);
  });

  it('clicking a layer selects it, and clicking it again deselects it (toggle)', () => {
    const base = run(withText(editor(), 'Soldes'), { type: 'setLogo', uploadId: LOGO_ID });
    const id = base.document.texts[0]!.id;
    const text = run(base, { type: 'clickLayer', layer: { textId: id } });
    expect([text.selectedLayer, text.selectedTextId]).toEqual(['text', id]);
    const logo = run(text, { type: 'clickLayer', layer: 'logo' });
    expect([logo.selectedLayer, logo.selectedTextId]).toEqual(['logo', null]);
    const none = run(logo, { type: 'clickLayer', layer: 'logo' });
    expect([none.selectedLayer, none.selectedTextId]).toEqual(['none', null]);
  });

  it('removing the logo deselects it and the next logo starts again at 50/50', () => {
    const moved = run(
      editor(),
      { type: 'setLogo', uploadId: LOGO_ID },
      { type: 'nudge', dx: 20, dy: -30 },
      { type: 'removeLogo' },
    );
    expect(moved.document.logo).toBeNull();
    expect(moved.selectedLayer).toBe('none');
    const again = run(moved, { type: 'setLogo', uploadId: OTHER_LOGO_ID });
    expect(again.document.logo).toMatchObject({ x: 50, y: 50, size: 20 });
  });

  it('replacing the logo keeps its place and size', () => {
    const state = run(
      editor(),
      { type: 'setLogo', uploadId: LOGO_ID },
      { type: 'setLogoSize', size: 40 },
      { type: 'nudge', dx: 10, dy: 0 },
      { type: 'setLogo', uploadId: OTHER_LOGO_ID },
    );
    expect(state.document.logo).toEqual({ uploadId: OTHER_LOGO_ID, x: 60, y: 50, size: 40 });
  });

  it('new texts start apart, off the centre where the logo starts: lower band, top, then between', () => {
    let state = editor();
    for (const [i, text] of ['Soldes', 'Livraison offerte', 'Ouvert le dimanche'].entries())
      state = withText(state, text, 1000 + i);
    expect(state.document.texts.map((text) => [text.x, text.y])).toEqual([
      [50, 85],
      [50, 15],
      [50, 70],
    ]);
    // A spot a text was dragged away from is free again.
    const moved = run(
      state,
      { type: 'selectLayer', layer: { textId: state.document.texts[1]!.id } },
      { type: 'dragStart', x: 270, y: 144 },
      { type: 'dragMove', x: 270, y: 480 },
    );
    expect(withText(moved, 'Nouveau', 2000).document.texts.at(-1)).toMatchObject({ x: 50, y: 15 });
  });

  it('a new text does not start on a logo moved into the lower band', () => {
    const withLogo = run(
      editor(),
      { type: 'setLogo', uploadId: LOGO_ID },
      { type: 'dragStart', x: 270, y: 480 },
      { type: 'dragMove', x: 270, y: 806 },
      { type: 'dragEnd' },
    );
    expect(Math.round(withLogo.document.logo!.y)).toBe(84);
    expect(withText(withLogo, 'Soldes').document.texts[0]).toMatchObject({ x: 50, y: 15 });
  });

  it('adding a text selects it, switches the layer to text, clears the input and leaves creation mode', () => {
    const state = withText(editor(), '  Soldes d’été  ', 1234);
    expect(state.document.texts).toHaveLength(1);
    expect(state.document.texts[0]).toMatchObject({ id: '1234', text: 'Soldes d’été', x: 50, y: 85 });
    expect(state.selectedLayer).toBe('text');
    expect(state.selectedTextId).toBe('1234');
    expect(state.draft.text).toBe('');
    expect(state.creating).toBe(false);
  });

  it('deleting a text clears the selection', () => {
    const state = withText(editor(), 'Soldes');
    const after = run(state, { type: 'deleteText', id: state.selectedTextId! });
    expect(after.document.texts).toEqual([]);
    expect([after.selectedLayer, after.selectedTextId]).toEqual(['none', null]);
  });
});

describe('blank text (spec section 5, editor)', () => {
  it('a blank text is refused: nothing is added, creation mode stays, the add button is disabled', () => {
    const state = run(editor(), { type: 'newText' }, { type: 'editDraft', change: { text: '   \n ' } });
    expect(canAddText(state.draft)).toBe(false);
    const after = run(state, { type: 'addText', now: 1 });
    expect(after).toBe(state);
    expect(after.creating).toBe(true);
  });

  it('the refusal reads "Texte requis" / "Veuillez saisir un texte avant d’ajouter" and has English words', () => {
    const [title, description] = [TEXT_REQUIRED_NOTICE.title, TEXT_REQUIRED_NOTICE.description];
    expect(catalogs.fr.editor.textRequired).toBe('Texte requis');
    expect(catalogs.fr.editor.textRequiredDescription).toBe('Veuillez saisir un texte avant d’ajouter');
    expect(catalogs.en.editor.textRequired).toBe('Text required');
    expect(catalogs.en.editor.textRequiredDescription).toBe('Please enter a text before adding it');
    expect([title, description]).toEqual(['editor.textRequired', 'editor.textRequiredDescription']);
  });

  it('clearing the content of a text already on the image leaves its last content', () => {
    const state = withText(editor(), 'Soldes');
    const after = run(state, { type: 'updateText', id: state.selectedTextId!, change: { text: '  ' } });
    expect(after.document.texts[0]!.text).toBe('Soldes');
  });

  it('at most 20 texts: the 21st is not added', () => {
    let state = editor();
    for (let i = 0; i < EDITOR_LIMITS.maxTexts + 1; i += 1) state = withText(state, `T${i}`, i);
    expect(state.document.texts).toHaveLength(EDITOR_LIMITS.maxTexts);
  });
});

describe('text defaults (spec section 3)', () => {
  it('a new text is 24 px white bold Arial on transparent with a 2 px black outline', () => {
    const text = withText(editor(), 'Promo').document.texts[0]!;
    expect(text).toMatchObject({
      fontSize: 24,
      color: '#ffffff',
      backgroundColor: 'transparent',
      fontFamily: 'Arial',
      fontWeight: 'bold',
      outlineColor: '#000000',
      outlineWidth: 2,
    });
    expect(TEXT_DEFAULTS.fontSize).toBe(24);
  });

  it('text size keeps to 12-120 in steps of 2 and outline to 0-10', () => {
    const state = withText(editor(), 'Promo');
    const id = state.selectedTextId!;
    const big = run(state, { type: 'updateText', id, change: { fontSize: 131, outlineWidth: 14 } });
    expect(big.document.texts[0]).toMatchObject({ fontSize: 120, outlineWidth: 10 });
    const small = run(state, { type: 'updateText', id, change: { fontSize: 5, outlineWidth: -1 } });
    expect(small.document.texts[0]).toMatchObject({ fontSize: 12, outlineWidth: 0 });
    const odd = run(state, { type: 'updateText', id, change: { fontSize: 33 } });
    expect(odd.document.texts[0]!.fontSize % 2).toBe(0);
  });

  it('logo size keeps to the slider’s 5-80 percent, 20 by default', () => {
    const state = run(editor(), { type: 'setLogo', uploadId: LOGO_ID });
    expect(state.document.logo!.size).toBe(20);
    expect(run(state, { type: 'setLogoSize', size: 95 }).document.logo!.size).toBe(80);
    expect(run(state, { type: 'setLogoSize', size: 1 }).document.logo!.size).toBe(5);
  });
});

describe('dragging (spec section 4)', () => {
  it('drags the logo when there is one and no text is selected', () => {
    const state = run(withText(editor(), 'Soldes'), { type: 'setLogo', uploadId: LOGO_ID });
    // The pointer grabs the logo at its centre (270, 480 on a 540×960 display) and moves 54 px right.
    const after = run(state, { type: 'dragStart', x: 270, y: 480 }, { type: 'dragMove', x: 324, y: 480 });
    expect(after.document.logo).toMatchObject({ x: 60, y: 50 });
    expect(after.document.texts[0]).toMatchObject({ x: 50, y: 85 });
  });

  it('drags the selected text, not the logo, when a text is selected', () => {
    const base = run(editor(), { type: 'setLogo', uploadId: LOGO_ID });
    const state = withText(base, 'Soldes');
    // 192 px up on a 960 px display: a fifth of the height.
    const after = run(state, { type: 'dragStart', x: 270, y: 480 }, { type: 'dragMove', x: 270, y: 288 });
    expect(after.document.texts[0]).toMatchObject({ x: 50, y: 65 });
    expect(after.document.logo).toMatchObject({ x: 50, y: 50 });
  });

  it('does nothing without a logo or a selected text', () => {
    const state = run(withText(editor(), 'Soldes'), { type: 'deselect' });
    expect(run(state, { type: 'dragStart', x: 10, y: 10 }).drag).toBeNull();
  });

  it('positions are percent of the displayed canvas whatever the zoom', () => {
    const zoomed = run(
      editor(),
      { type: 'setLogo', uploadId: LOGO_ID },
      { type: 'zoomIn' },
      { type: 'setDisplay', size: { width: 1080, height: 1920 } },
    );
    const after = run(zoomed, { type: 'dragStart', x: 540, y: 960 }, { type: 'dragMove', x: 756, y: 960 });
    expect(after.document.logo).toMatchObject({ x: 70, y: 50 });
  });

  it('keeps the grab offset: a layer grabbed off-centre does not jump to the pointer', () => {
    const state = run(editor(), { type: 'setLogo', uploadId: LOGO_ID });
    const after = run(state, { type: 'dragStart', x: 280, y: 480 }, { type: 'dragMove', x: 334, y: 480 });
    expect(after.document.logo!.x).toBeCloseTo(60, 6);
  });

  it('clamps positions to 0-100', () => {
    const state = run(editor(), { type: 'setLogo', uploadId: LOGO_ID });
    const after = run(state, { type: 'dragStart', x: 270, y: 480 }, { type: 'dragMove', x: -400, y: 2000 });
    expect(after.document.logo).toMatchObject({ x: 0, y: 100 });
  });

  it('ignores moves under 0.5 percent', () => {
    const state = run(
      editor(),
      { type: 'setLogo', uploadId: LOGO_ID },
      { type: 'nudge', dx: 10, dy: 10 },
      { type: 'dragStart', x: 324, y: 576 },
    );
    // 2 px of 540 is 0.37 %, 4 px of 960 is 0.42 %: both under the threshold.
    const small = run(state, { type: 'dragMove', x: 326, y: 580 });
    expect(small).toBe(state);
    // 3 px of 540 is 0.56 %: moved.
    const moved = run(state, { type: 'dragMove', x: 327, y: 576 });
    expect(moved.document.logo!.x).toBeCloseTo(60.556, 2);
  });

  it('snaps to the centre lines within 1 percent and shows the guides', () => {
    const state = run(
      editor(),
      { type: 'setLogo', uploadId: LOGO_ID },
      { type: 'nudge', dx: 10, dy: 10 },
      { type: 'dragStart', x: 324, y: 576 },
    );
    // Pointer to 50.6 % × 40 %: x snaps to 50, y does not.
    const after = run(state, { type: 'dragMove', x: 273.24, y: 384 });
    expect(after.document.logo).toMatchObject({ x: 50, y: 40 });
    expect(after.guides).toEqual({ vertical: true, horizontal: false });
    expect(run(after, { type: 'dragEnd' }).guides).toEqual({ vertical: false, horizontal: false });
  });
});

describe('keyboard (arrow nudge and Delete)', () => {
  it('arrows move the selected layer and stay within the image', () => {
    const state = run(editor(), { type: 'setLogo', uploadId: LOGO_ID }, { type: 'nudge', dx: 1, dy: -1 });
    expect(state.document.logo).toMatchObject({ x: 51, y: 49 });
    expect(run(state, { type: 'nudge', dx: 80, dy: 0 }).document.logo!.x).toBe(100);
  });

  it('arrows do nothing with nothing selected', () => {
    const state = run(editor(), { type: 'setLogo', uploadId: LOGO_ID }, { type: 'deselect' });
    expect(run(state, { type: 'nudge', dx: 1, dy: 0 })).toBe(state);
  });

  it('Delete removes the selected text, or the selected logo', () => {
    const state = run(withText(editor(), 'Soldes'), { type: 'setLogo', uploadId: LOGO_ID });
    const noLogo = run(state, { type: 'deleteSelected' });
    expect(noLogo.document.logo).toBeNull();
    expect(noLogo.document.texts).toHaveLength(1);
    const id = noLogo.document.texts[0]!.id;
    const empty = run(noLogo, { type: 'selectLayer', layer: { textId: id } }, { type: 'deleteSelected' });
    expect(empty.document.texts).toEqual([]);
  });
});

describe('undo and redo', () => {
  it('undo steps back through edits and redo replays them', () => {
    const state = withText(run(editor(), { type: 'setLogo', uploadId: LOGO_ID }), 'Soldes');
    const undone = run(state, { type: 'undo' });
    expect(undone.document.texts).toEqual([]);
    expect(undone.selectedLayer).toBe('none');
    expect(run(undone, { type: 'undo' }).document.logo).toBeNull();
    expect(run(undone, { type: 'redo' }).document).toEqual(state.document);
  });

  it('one drag, however many moves, is one undo step', () => {
    const state = run(editor(), { type: 'setLogo', uploadId: LOGO_ID });
    const dragged = run(
      state,
      { type: 'dragStart', x: 270, y: 480 },
      { type: 'dragMove', x: 300, y: 480 },
      { type: 'dragMove', x: 330, y: 500 },
      { type: 'dragMove', x: 360, y: 520 },
      { type: 'dragEnd' },
    );
    expect(dragged.history.past).toHaveLength(state.history.past.length + 1);
    expect(run(dragged, { type: 'undo' }).document.logo).toMatchObject({ x: 50, y: 50 });
  });

  it('a slider moved in several steps is one undo step', () => {
    const state = run(editor(), { type: 'setLogo', uploadId: LOGO_ID });
    const sized = run(state, { type: 'setLogoSize', size: 25 }, { type: 'setLogoSize', size: 30 });
    expect(run(sized, { type: 'undo' }).document.logo!.size).toBe(20);
  });

  it('a new edit after undo drops the redo steps', () => {
    const state = run(editor(), { type: 'setLogo', uploadId: LOGO_ID }, { type: 'undo' });
    expect(state.history.future).toHaveLength(1);
    expect(run(state, { type: 'setLogo', uploadId: OTHER_LOGO_ID }).history.future).toEqual([]);
  });

  it('loading a saved document starts a fresh history', () => {
    const saved: EditorDocument = {
      version: 2,
      logo: { uploadId: LOGO_ID, x: 10, y: 90, size: 30 },
      texts: [],
    };
    const state = run(withText(editor(), 'x'), { type: 'load', document: saved });
    expect(state.document).toBe(saved);
    expect(state.history.past).toEqual([]);
    expect(state.selectedLayer).toBe('none');
  });
});

describe('a new text starts clear of the image’s own slogan and tagline', () => {
  /** An editor over a story whose slogan and tagline the engine set at 1600-1760 px (83-92 %). */
  const overSlogan = (y: number, height: number) =>
    run(
      initialEditorState(1280, undefined, textBandsOf([{ y, height }], 1920)),
      { type: 'setCanvas', size: { width: 1080, height: 1920 } },
      { type: 'setDisplay', size: { width: 540, height: 960 } },
    );

  it('does not land on a slogan set low: it takes the top spot instead', () => {
    const state = withText(overSlogan(1600, 160), 'Ouvert dimanche');
    expect(state.document.texts[0]!.y).toBe(15);
  });

  it('does not land on a slogan set high either, and each new one takes a free spot away from it', () => {
    let state = overSlogan(250, 220);
    state = withText(state, 'Un');
    state = withText(state, 'Deux', 2000);
    state = withText(state, 'Trois', 3000);
    const spots = state.document.texts.map((text) => text.y);
    expect(spots).toEqual([85, 70, 30]);
    for (const y of spots) expect(y < 13 - 4 || y > 24.5 + 4).toBe(true);
  });

  it('opened with its slogan and tagline as layers (decision 046), a new text still starts clear of them, at 24', () => {
    const slogan = { ...TEXT_DEFAULTS, id: 'slogan', text: 'Le goût du vrai', x: 50, y: 86, fontSize: 88 };
    const opened: EditorDocument = {
      version: 2,
      background: 'plate',
      logo: null,
      texts: [
        { ...slogan, source: { role: 'slogan', width: 80 } },
        {
          ...slogan,
          id: 'tagline',
          text: 'Fait main',
          y: 16,
          fontSize: 40,
          source: { role: 'tagline', width: 80 },
        },
      ],
    };
    const state = run(
      initialEditorState(
        1280,
        opened,
        textBandsOf(
          [
            { y: 1580, height: 140 },
            { y: 250, height: 110 },
          ],
          1920,
        ),
      ),
      { type: 'setCanvas', size: { width: 1080, height: 1920 } },
    );
    const added = withText(state, 'Ouvert dimanche').document.texts.at(-1)!;
    expect(added.y).toBe(70);
    expect(added.fontSize).toBe(24);
    expect(added.source).toBeUndefined();
  });

  it('a result made before texts were recorded keeps the usual order', () => {
    expect(withText(editor(), 'Un').document.texts[0]!.y).toBe(85);
  });
});

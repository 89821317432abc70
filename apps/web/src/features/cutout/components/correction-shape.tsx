import { brushRadius, boxBetween, type Correction, type Point, type Tool } from '../lib/corrections';

/** A box or a stroke being drawn with the pointer: its points so far, as fractions of the photo. */
export type Drawing = { tool: Tool; points: Point[] } | null;

/** The correction being drawn, as it would be added. */
export function preview(drawing: NonNullable<Drawing>, brush: number): Correction | null {
  if (drawing.tool === 'box') {
    const box = boxBetween(drawing.points[0]!, drawing.points.at(-1)!);
    return box && { kind: 'box', box };
  }
  return { kind: drawing.tool, radius: brushRadius(brush), points: drawing.points.map(([x, y]) => [x, y]) };
}

export function CorrectionShape({
  item,
  width,
  height,
  faint = false,
  ghost = false,
}: {
  item: Correction;
  width: number;
  height: number;
  /** A box drawn before the last one: it no longer counts. */
  faint?: boolean;
  /** A stroke whose effect is shown on the photo: only a trace of it is drawn. */
  ghost?: boolean;
}) {
  if (item.kind === 'box') {
    const { x, y, width: w, height: h } = item.box;
    return (
      <rect
        x={x * width}
        y={y * height}
        width={w * width}
        height={h * height}
        fill="none"
        stroke="#f59e0b"
        strokeOpacity={faint ? 0.35 : 1}
        strokeWidth={faint ? 2 : 3}
        strokeDasharray="10 6"
      />
    );
  }
  const r = item.radius * Math.max(width, height);
  const colour = item.kind === 'keep' ? '#10b981' : '#f43f5e';
  const points = item.points.map(([x, y]) => `${x * width},${y * height}`).join(' ');
  return item.points.length === 1 ? (
    <circle
      cx={item.points[0]![0] * width}
      cy={item.points[0]![1] * height}
      r={r}
      fill={colour}
      fillOpacity={ghost ? 0.15 : 0.55}
    />
  ) : (
    <polyline
      points={points}
      fill="none"
      stroke={colour}
      strokeOpacity={ghost ? 0.15 : 0.55}
      strokeWidth={r * 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIGHT_ANGLES } from '@vitrine/shared/api/light';
import { FieldLabel } from '../../../components/ui/field-label';
import { dialPoint, LIGHT_ANGLE_LABELS, nearestDialAngle, type LightAngle } from '../lib/light-form';

/** The dial's size and the distance of its positions from the centre, in pixels. */
const DIAL = 184;
const TARGET = 44;
const RADIUS = (DIAL - TARGET) / 2;

/**
 * Where the light comes from: eight radio buttons round the product, the top of the dial being the
 * top of the picture. None is checked while the light is automatic; arrow keys move round the dial.
 */
export function LightDial({
  angle,
  onChange,
}: {
  /** The light's angle, or null when it is read from the scene. */
  angle: number | null;
  onChange: (angle: LightAngle) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const name = useId();
  const checked = angle === null ? null : nearestDialAngle(angle);
  return (
    <div>
      <FieldLabel id={labelId} label={t('fusion.light.direction')} help={t('fusion.light.directionHelp')} />
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className="relative mx-auto mt-2 rounded-full bg-ink-50 ring-1 ring-ink-100"
        style={{ width: DIAL, height: DIAL }}
      >
        <ProductIcon shadowFrom={checked} />
        {LIGHT_ANGLES.map((value) => {
          const { x, y } = dialPoint(value);
          const label = t(LIGHT_ANGLE_LABELS[value]);
          return (
            <label
              key={value}
              title={label}
              className="group absolute grid cursor-pointer place-items-center rounded-full bg-white text-ink-400 ring-1 ring-ink-200 transition hover:text-accent-500 hover:ring-accent-400 has-checked:bg-accent-400 has-checked:text-ink-900 has-checked:ring-2 has-checked:ring-accent-500 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
              style={{
                width: TARGET,
                height: TARGET,
                left: DIAL / 2 + x * RADIUS - TARGET / 2,
                top: DIAL / 2 + y * RADIUS - TARGET / 2,
              }}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={checked === value}
                onChange={() => onChange(value)}
                className="sr-only"
              />
              <span className="sr-only">{label}</span>
              <SunIcon />
            </label>
          );
        })}
      </div>
    </div>
  );
}

function SunIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor">
      <circle cx="12" cy="12" r="4" className="fill-current" strokeWidth="0" />
      <path
        d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A jar on its surface, its shadow falling away from the light chosen (none while automatic). */
function ProductIcon({ shadowFrom }: { shadowFrom: LightAngle | null }) {
  const away = shadowFrom === null ? null : dialPoint(shadowFrom + 180);
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      className="absolute top-1/2 left-1/2 size-16 -translate-x-1/2 -translate-y-1/2"
    >
      {away && (
        <ellipse
          cx={32 + away.x * 12}
          cy={52 + away.y * 5}
          rx={16 + Math.abs(away.x) * 6}
          ry={5 + Math.abs(away.y) * 2}
          className="fill-ink-400/50"
        />
      )}
      <rect x="22" y="14" width="20" height="7" rx="2" className="fill-ink-600" />
      <rect x="18" y="20" width="28" height="33" rx="6" className="fill-brand-500" />
      <rect x="23" y="30" width="18" height="12" rx="2" className="fill-white/80" />
    </svg>
  );
}

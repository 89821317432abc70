import { useTranslation } from 'react-i18next';
import { HelpTooltip } from './help-tooltip';

/**
 * A field's label with its required mark and help tooltip. The help button sits outside the <label>
 * so it does not become part of the field's name.
 */
export function FieldLabel({
  htmlFor,
  id,
  label,
  required = false,
  help,
  optional = false,
}: {
  htmlFor?: string;
  id?: string;
  label: string;
  required?: boolean;
  help?: string;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const Tag = htmlFor ? 'label' : 'span';
  return (
    <div className="flex items-center gap-1.5">
      <Tag htmlFor={htmlFor} id={id} className="text-sm font-medium text-ink-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </Tag>
      {help && <HelpTooltip field={label} text={help} />}
      {optional && <span className="ml-auto text-xs text-ink-400">{t('generate.optional')}</span>}
    </div>
  );
}

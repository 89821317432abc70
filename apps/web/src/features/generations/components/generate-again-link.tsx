import { useTranslation } from 'react-i18next';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { ButtonLink } from '../../../components/ui/button-link';
import type { ButtonSize, ButtonVariant } from '../../../components/ui/button-styles';
import { RefreshIcon } from '../../../components/ui/icons';
import { againLink } from '../lib/generate-again';

/** "Generate again with these settings": opens the result's form, filled in. Hidden when they are unknown. */
export function GenerateAgainLink({
  result,
  label,
  variant = 'secondary',
  size,
  className,
}: {
  result: GenerationResult;
  /** A fuller accessible name where several results are listed. */
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const { t } = useTranslation();
  const link = againLink(result);
  if (!link) return null;
  return (
    <ButtonLink
      to={link.to}
      state={link.state}
      variant={variant}
      size={size}
      className={className}
      aria-label={label}
    >
      <RefreshIcon className="size-4" />
      {t('result.generateAgain')}
    </ButtonLink>
  );
}

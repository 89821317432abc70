import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { SidebarNav } from './sidebar-nav';

export const MOBILE_SHEET_ID = 'dashboard-sheet';

/**
 * Under 768 px the menu slides in over the page (18rem) with a backdrop. It stays mounted so it can
 * animate; `inert` keeps it out of the tab order and the accessibility tree while closed.
 */
export function MobileSheet({ open, onClose, email }: { open: boolean; onClose: () => void; email: string }) {
  const { t } = useTranslation();
  const sheetRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Focus moves into the sheet when it opens and back to where it was (the menu button) when it closes.
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const sheet = sheetRef.current;
    return () => {
      const active = document.activeElement;
      if (!active || active === document.body || sheet?.contains(active)) previous?.focus();
    };
  }, [open]);

  return (
    <div className="md:hidden">
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`fixed inset-0 z-40 bg-ink-900/50 transition-opacity duration-200 ${
          open ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
      />
      <div
        ref={sheetRef}
        id={MOBILE_SHEET_ID}
        role="dialog"
        aria-modal="true"
        aria-labelledby="dashboard-sheet-title"
        inert={!open}
        className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white transition-transform duration-200 ease-out ${
          // The shadow only while open: off-canvas, it would still fall on the page's left edge.
          open ? 'translate-x-0 shadow-2xl' : '-translate-x-full'
        }`}
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-ink-100 px-4">
          <Logo className="text-ink-900" />
          <Button
            ref={closeRef}
            variant="ghost"
            size="icon"
            onClick={onClose}
            aria-label={t('dashboard.sidebar.close')}
          >
            <CloseIcon />
          </Button>
        </div>
        <nav aria-labelledby="dashboard-sheet-title" className="flex-1 overflow-y-auto px-3 py-5">
          <h2
            id="dashboard-sheet-title"
            className="mb-2 px-3 text-xs font-semibold tracking-wider text-ink-400 uppercase"
          >
            {t('dashboard.nav.title')}
          </h2>
          <SidebarNav collapsed={false} onNavigate={onClose} />
        </nav>
        {email && (
          <div className="border-t border-ink-100 px-6 py-4">
            <p className="text-xs text-ink-400">{t('dashboard.header.signedInAs')}</p>
            <p className="truncate text-sm font-medium text-ink-800">{email}</p>
          </div>
        )}
      </div>
    </div>
  );
}

import { BoltIcon, ChartIcon, HistoryIcon, LayersIcon, UserIcon } from '../../../components/ui/icons';
import type { NavItem } from '../lib/nav-items';

const ICONS = {
  fusion: LayersIcon,
  express: BoltIcon,
  history: HistoryIcon,
  stats: ChartIcon,
  account: UserIcon,
} satisfies Record<NavItem['id'], unknown>;

export function NavIcon({ id, className }: { id: NavItem['id']; className?: string }) {
  const Icon = ICONS[id];
  return <Icon className={className} />;
}

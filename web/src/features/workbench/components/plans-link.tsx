import { Link } from 'react-router-dom';
import { limitLink } from '@/lib/tiers';

/** A limit message links to the plans. */
export function PlansLink({ message }: { message: string }) {
  const { link } = limitLink(message);
  return link ? <Link to={link.to}>{link.label}</Link> : null;
}

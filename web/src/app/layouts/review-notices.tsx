import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReviewNotice } from '@shared/contract/reviews';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { paths } from '@/config/paths';
import { useNotices } from '@/lib/api/get-notices';
import { setCurrentWorkspace } from '@/lib/current-workspace';
import './review-notices.css';

/** The link a review mail carries: the prompt's reviews in the workspace that holds it, or (another person's own workspace) the review alone. */
const reviewLink = (n: ReviewNotice) =>
  n.review_only
    ? paths.review.replace(':id', encodeURIComponent(n.review_id))
    : `${paths.prompts}?${n.workspace ? `workspace=${encodeURIComponent(n.workspace.id)}&` : ''}reviews=${encodeURIComponent(n.prompt_id)}`;

function noticeText(n: ReviewNotice) {
  const who = n.by.name || 'A member';
  if (n.reason === 'approved') return `${who} approved version ${n.version} for ${n.label}`;
  if (n.reason === 'changes_requested') return `${who} asked for changes to version ${n.version} for ${n.label}`;
  return `${who} asks you to review version ${n.version} for ${n.label}`;
}

const noticesLabel = (count: number) => (count === 0 ? 'No reviews waiting' : `${count} ${count === 1 ? 'review' : 'reviews'} waiting`);

/**
 * The header's notices (docs/product.md, "Reviews"): a bell with the number of reviews waiting on
 * the caller in any workspace, and a short list linking to each (the link the review mail carries).
 */
export function ReviewNotices() {
  const notices = useNotices();
  const [open, setOpen] = useState(false);
  const list = notices.data ?? [];
  const label = noticesLabel(list.length);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" icon={<Bell aria-hidden="true" />} aria-label={label} title={label} className="review-notices__trigger">
          {list.length ? (
            <Badge variant="danger" className="review-notices__count">
              {list.length > 99 ? '99+' : list.length}
            </Badge>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Reviews waiting" className="review-notices" align="end">
        <p className="review-notices__heading">Reviews waiting</p>
        {list.length === 0 ? (
          <p className="status-note">Nothing waits on you.</p>
        ) : (
          <ul className="review-notices__list">
            {list.map((n) => (
              <li key={`${n.review_id}-${n.reason}`}>
                <Link
                  className="review-notices__link"
                  to={reviewLink(n)}
                  onClick={() => {
                    if (!n.review_only) setCurrentWorkspace(n.workspace?.id ?? null);
                    setOpen(false);
                  }}
                >
                  <span className="review-notices__title">{n.prompt_title || 'Untitled prompt'}</span>
                  <span>{noticeText(n)}</span>
                  <span className="review-notices__where">
                    {n.workspace ? n.workspace.name : n.review_only ? `${n.by.name || 'A member'}'s workspace` : 'Your workspace'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

import { Checkbox } from '@/components/ui/checkbox';
import { useMembers } from '@/lib/api/get-members';
import './reviews.css';

export interface TeamReviewersProps {
  teamId: string;
  myId: string;
  picked: string[];
  onToggle: (id: string) => void;
  /** Names the group (a personal workspace offers one per team the caller is in). */
  legend?: string;
}

/** The team's editors and owners but the caller: those a review may name. */
export function TeamReviewers({ teamId, myId, picked, onToggle, legend = 'Reviewers (they get an email)' }: TeamReviewersProps) {
  const members = useMembers(teamId);
  const candidates = (members.data ?? []).filter((m) => m.role !== 'viewer' && m.user_id !== myId);
  if (!members.data) return null;
  if (!candidates.length) return <p className="status-note">No other editor or owner in this team to name: anyone who edits may still approve.</p>;
  return (
    <fieldset className="review__reviewers">
      <legend>{legend}</legend>
      {candidates.map((m) => (
        <Checkbox key={m.user_id} label={m.name || m.email} checked={picked.includes(m.user_id)} onChange={() => onToggle(m.user_id)} />
      ))}
    </fieldset>
  );
}

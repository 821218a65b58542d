import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Team } from '@shared/contract/teams';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DeleteTeamDialog } from './delete-team-dialog';
import './teams.css';

export function DeleteCard({ team }: { team: Team }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="teams-card teams-danger" aria-labelledby="team-delete-title">
      <h2 id="team-delete-title" className="card__title">
        Delete team
      </h2>
      <p className="teams-card__intro">
        Deletes the team's whole workspace for every member: its prompts and their history, categories, snippets and share links.
      </p>
      <div>
        <Button variant="danger" icon={<Trash2 aria-hidden="true" />} onClick={() => setOpen(true)}>
          Delete team
        </Button>
      </div>
      {open ? <DeleteTeamDialog team={team} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

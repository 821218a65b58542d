import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { PromptUse } from '@shared/contract/stats';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { statsPath } from '@/config/paths';
import { count, dollars } from '../utils/stats-format';
import { type StatsColumn, StatsTable } from './stats-table';

const COLUMNS: StatsColumn<PromptUse>[] = [
  { name: 'Uses', value: (p) => count(p.uses) },
  { name: 'Compiles', value: (p) => count(p.compiles) },
  { name: 'Runs', value: (p) => count(p.runs) },
  { name: 'Errors', value: (p) => count(p.errors) },
  { name: 'Tokens in', value: (p) => count(p.tokens_in) },
  { name: 'Tokens out', value: (p) => count(p.tokens_out) },
  { name: 'Estimated cost', value: (p) => dollars(p.cost_usd) },
];

/** One of the overview's top lists: each prompt linked to its own Stats page (a deleted one named so). */
export function TopPromptsTable({ title, subtitle, icon, prompts }: { title: string; subtitle: string; icon: React.ReactNode; prompts: PromptUse[] }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="stats__card">
      <CardHeader titleId={titleId} icon={icon} title={title} subtitle={subtitle} />
      {prompts.length === 0 ? (
        <p className="status-note">None in this window.</p>
      ) : (
        <StatsTable
          titleId={titleId}
          label={title}
          first="Prompt"
          columns={COLUMNS}
          rows={prompts.map((p) => ({
            key: p.prompt_id,
            name: p.title === null ? 'Deleted prompt' : <Link to={statsPath(p.prompt_id)}>{p.title}</Link>,
            value: p,
          }))}
        />
      )}
    </Card>
  );
}

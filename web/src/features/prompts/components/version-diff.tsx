import { settingsText } from '@shared/chat';
import type { PromptVersion } from '@shared/contract/versions';
import { DiffView } from '@/components/diff-view';
import { tagChanges } from '@/lib/diff-rows';
import './versions.css';

/** Title, tags, body (a chat prompt's messages) and model settings of two versions, side by side as one diff. */
export function VersionDiff({ from, to }: { from: PromptVersion; to: PromptVersion }) {
  const settings = { before: settingsText(from.config), after: settingsText(to.config) };
  const chat = from.kind === 'chat' || to.kind === 'chat';
  const tasks = tagChanges(from.tasks, to.tasks);
  const industries = tagChanges(from.industries, to.industries);
  const tagNotes = [
    ...tasks.added.map((t) => `Task added: ${t}`),
    ...tasks.removed.map((t) => `Task removed: ${t}`),
    ...industries.added.map((t) => `Industry added: ${t}`),
    ...industries.removed.map((t) => `Industry removed: ${t}`),
  ];
  const span = `from v${from.version} to v${to.version}`;
  return (
    <div className="version-diff">
      {from.title !== to.title ? (
        <div className="version-diff__part">
          <h4 className="version-diff__label">Title</h4>
          <DiffView before={from.title} after={to.title} label={`Title changes ${span}`} />
        </div>
      ) : null}
      {tagNotes.length ? (
        <ul className="version-diff__tags" aria-label={`Tag changes ${span}`}>
          {tagNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {from.kind !== to.kind ? <p className="version-diff__tags">{`Kind: ${from.kind} → ${to.kind}`}</p> : null}
      <div className="version-diff__part">
        <h4 className="version-diff__label">{chat ? 'Messages' : 'Body'}</h4>
        <DiffView before={from.body} after={to.body} label={`${chat ? 'Message' : 'Body'} changes ${span}`} />
      </div>
      {settings.before || settings.after ? (
        <div className="version-diff__part">
          <h4 className="version-diff__label">Model settings</h4>
          <DiffView before={settings.before} after={settings.after} label={`Model settings changes ${span}`} />
        </div>
      ) : null}
    </div>
  );
}

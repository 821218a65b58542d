import type { ActivityEvent } from './contract/activity';

/**
 * One line per event, as the activity feed, notices and Slack messages say it: who did what to
 * which prompt. Plain text; callers add their own emphasis.
 */
const ENDED = { done: 'finished', failed: 'failed', cancelled: 'was cancelled' } as const;

export function describeEvent(event: Pick<ActivityEvent, 'type' | 'actor' | 'prompt_title' | 'version' | 'label' | 'forced' | 'detail' | 'status'>): string {
  const who = event.actor.name || 'Someone';
  const prompt = event.prompt_title ? `"${event.prompt_title}"` : 'a prompt';
  const version = event.version === undefined ? '' : ` version ${event.version}`;
  switch (event.type) {
    case 'prompt.version.created':
      return `${who} saved${version} of ${prompt}.`;
    case 'prompt.label.moved':
      return `${who} ${event.forced ? 'forced' : 'moved'} ${event.label ?? 'a label'} of ${prompt} to${version}.`;
    case 'prompt.deleted':
      return `${who} deleted ${prompt}.`;
    case 'prompt.shared':
      return `${who} shared ${prompt} by link.`;
    case 'prompt.forked':
      return `${who} made ${prompt} from a copy.`;
    case 'review.opened':
      return `${who} asked for a review of${version} of ${prompt}${event.label ? ` for ${event.label}` : ''}.`;
    case 'review.approved':
      return `${who} approved${version} of ${prompt}.`;
    case 'review.changes_requested':
      return `${who} asked for changes to${version} of ${prompt}.`;
    case 'review.merged':
      return `${who} merged the review of ${prompt}: ${event.label ?? 'the label'} is now${version}.`;
    case 'review.closed':
      return `${who} closed the review of ${prompt}.`;
    case 'evaluation.finished':
      return `An evaluation of ${prompt} ${ENDED[event.status ?? 'done']}${event.detail ? `: ${event.detail}` : '.'}`;
    case 'webhook.failing':
      return `A webhook is failing${event.detail ? `: ${event.detail}` : '.'}`;
  }
}

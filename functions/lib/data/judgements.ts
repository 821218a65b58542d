import { randomBytes } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CompiledMessage, ModelConfig } from '@shared/contract/chat';
import { batchWrite, beginsWith, db, getItem, type Item, TABLE } from './db';
import type { WorkspacePk } from './keys';
import { conditionFailed } from './retry';

/**
 * What people judge of a prompt's answers (docs/data-model.md, "compare session", "vote",
 * "answer feedback"); this module is their only writer. All three live in the workspace
 * partition after `VERSION#` (the workspace Query never reads them): a compare session for a
 * day (TTL), votes and feedback for good (deleted with the workspace).
 */
const SESSION_SECONDS = 86_400;

/** One column of a compare session as the server keeps it: what it runs, and its name for the reveal. */
export interface SessionColumn {
  id: 'A' | 'B' | 'C' | 'D';
  version: number | null;
  label?: string;
  model: string | null;
  /** The workspace connection it runs on (null or absent: the product's model). */
  connection_id?: string | null;
  /** The version's (or draft's) saved model settings but the model and connection (sampling, tools, response format). */
  config?: ModelConfig;
  draft: boolean;
  /** A fork's library original (as the library held it when the session started). */
  original?: boolean;
  /** What the column runs, compiled: a text prompt's text, or a chat prompt's messages. */
  text?: string;
  messages?: CompiledMessage[];
}

export interface SessionItem {
  id: string;
  prompt_id: string;
  blind: boolean;
  inputs_hash: string;
  columns: SessionColumn[];
  created_by: string;
  voted?: boolean;
}

export interface VoteItem {
  id: string;
  winner: { version: number | null; model: string | null };
  loser: { version: number | null; model: string | null };
  tie: boolean;
  inputs_hash: string;
  compare_id: string | null;
  created_by: string;
  created_at: string;
}

export interface FeedbackItem {
  id: string;
  version: number;
  rating: 'up' | 'down';
  note: string | null;
  created_by: string;
  created_at: string;
}

/** Ids sort by time. */
export const newId = () => `${Date.now().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;

export const judgementKeys = {
  session: (workspace: WorkspacePk, promptId: string, id: string) => ({ pk: workspace as string, sk: `XCOMPARE#${promptId}#${id}` }),
  vote: (workspace: WorkspacePk, promptId: string, id: string) => ({ pk: workspace as string, sk: `XVOTE#${promptId}#${id}` }),
  votePrefix: (promptId: string) => `XVOTE#${promptId}#`,
  feedback: (workspace: WorkspacePk, promptId: string, id: string) => ({ pk: workspace as string, sk: `XFEEDBACK#${promptId}#${id}` }),
};

export async function putSession(workspace: WorkspacePk, session: SessionItem): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        ...judgementKeys.session(workspace, session.prompt_id, session.id),
        type: 'compare_session',
        ...session,
        expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
      },
    }),
  );
}

export async function getSession(workspace: WorkspacePk, promptId: string, id: string): Promise<SessionItem | undefined> {
  const item = await getItem(judgementKeys.session(workspace, promptId, id), { consistent: true });
  return item?.type === 'compare_session' ? (item as unknown as SessionItem) : undefined;
}

/** Records a vote; with a session, marks it voted in the same step (false: it was voted on already). */
export async function putVote(workspace: WorkspacePk, promptId: string, vote: VoteItem): Promise<boolean> {
  if (vote.compare_id) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: TABLE,
          Key: judgementKeys.session(workspace, promptId, vote.compare_id),
          UpdateExpression: 'SET voted = :true',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(voted)',
          ExpressionAttributeValues: { ':true': true },
        }),
      );
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  }
  await db.send(
    new PutCommand({ TableName: TABLE, Item: { ...judgementKeys.vote(workspace, promptId, vote.id), type: 'vote', prompt_id: promptId, ...vote } }),
  );
  return true;
}

/** Access pattern: a prompt's votes (all pages; each is a few hundred bytes). */
export async function listVotes(workspace: WorkspacePk, promptId: string): Promise<VoteItem[]> {
  const items: Item[] = await beginsWith(workspace, judgementKeys.votePrefix(promptId));
  return items as unknown as VoteItem[];
}

export async function putFeedback(workspace: WorkspacePk, promptId: string, feedback: FeedbackItem): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: TABLE,
      Item: { ...judgementKeys.feedback(workspace, promptId, feedback.id), type: 'answer_feedback', prompt_id: promptId, ...feedback },
    }),
  );
}

/** Deletes a prompt's compare sessions, votes and feedback (its delete, after the prompt's own transaction; a retry finishes it). */
export async function deleteJudgementsOf(workspace: WorkspacePk, promptId: string): Promise<void> {
  const found = await Promise.all(
    ['XCOMPARE#', 'XVOTE#', 'XFEEDBACK#'].map((prefix) =>
      beginsWith(workspace, `${prefix}${promptId}#`, { ProjectionExpression: 'pk, sk', ConsistentRead: true }),
    ),
  );
  await batchWrite(found.flat().map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));
}

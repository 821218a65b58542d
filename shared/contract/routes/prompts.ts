import type { RouteKey } from '../../routes';
import { ActivityList, ActivityQuery } from '../activity';
import { ADMIN_PAGE_HEADERS, OwnListQuery } from '../admin';
import { CompareInput, CompareSession, Feedback, FeedbackInput, Ratings, Vote, VoteInput } from '../compare';
import { Evaluation, EvaluationCreated, EvaluationInput, EvaluationList, EvaluationResults, ResultsQuery } from '../evaluations';
import { ForkRequest } from '../library';
import { OpenAiImportRequest, OpenAiImportResult } from '../openai-import';
import { CopyRequest, Prompt, PromptInput, PromptList, PromptUpdate } from '../prompts';
import { ShareLink } from '../registry';
import { ChangesRequest, NoticeList, Review, ReviewInput, ReviewList } from '../reviews';
import type { RouteContract } from '../route-contract';
import { PromptStats, StatsQuery, WorkspaceStats } from '../stats';
import {
  CheckList,
  ChecksInput,
  Example,
  ExampleInput,
  ExampleList,
  ExampleReplace,
  ExamplesExportQuery,
  ExamplesImport,
  ExamplesImported,
  LabelProtection,
  LabelProtectionInput,
} from '../suite';
import { ExportQuery, ImportEnvelope, ImportRequest, ImportResponse, PromptsDocument } from '../transfer';
import { LabelInput, LabelsAnswer, LibraryUpdate, VersionList } from '../versions';

/** The contract of the Prompts area's routes (infra/constructs/route-stacks.ts `ROUTE_AREAS`). */
export const PROMPTS_ROUTES = {
  'GET /prompts/': {
    summary: "The user's prompts and their filters (past 900 KB: in pages)",
    response: PromptList,
    query: OwnListQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /prompts/': { summary: 'Create a prompt (plan limit max_prompts)', request: PromptInput, response: Prompt, status: 201 },
  'PUT /prompts/{id}': { summary: 'Replace a prompt, or set only is_favorite', request: PromptUpdate, status: 204 },
  'DELETE /prompts/{id}': { summary: 'Delete a prompt', status: 204 },
  'POST /prompts/{id}/copy': {
    summary: "Copy (or move) a prompt into another workspace: a team's (as its owner or editor) or, with to: null, the caller's own (plan limit of the target)",
    request: CopyRequest,
    response: Prompt,
    status: 201,
  },
  'POST /prompts/fork/{id}': {
    summary: 'Copy a library prompt into the workspace (plan limit; locked → 403)',
    request: ForkRequest,
    response: Prompt,
    status: 201,
  },
  'GET /prompts/export': {
    summary: "Download the user's prompts and categories: JSON (importable, the default) or one Markdown file (format=markdown, for reading)",
    query: ExportQuery,
    response: PromptsDocument,
    otherMedia: { 'text/markdown': 'format=markdown: a title, a section per category, each prompt with its tags, favorite flag and body in a code fence' },
  },
  'POST /prompts/import': {
    summary:
      'Import a JSON export (≤ 1,000 prompts, 5 MB): dry_run previews (200); otherwise creates new prompts and categories within the plan limits (201, or 200 when nothing is new; 403 when they do not fit; duplicates by title + body skipped)',
    request: ImportRequest,
    parsedAs: ImportEnvelope,
    response: ImportResponse,
    status: 201,
  },
  'POST /prompts/import/openai': {
    summary:
      "Import an OpenAI prompt object (pmpt_…) pasted from the dashboard — JSON with its versions, the code snippet with the instructions, or plain instructions — as a chat prompt: {{name}} becomes [INPUT: name] (its example value the default), each version a version (oldest first), the pinned one labelled production (201; 400 for a paste it cannot read, 403 over the plan's prompts, 409 when already imported; nothing written then)",
    request: OpenAiImportRequest,
    response: OpenAiImportResult,
    status: 201,
  },
  'GET /prompts/{id}/versions': { summary: "A prompt's versions: the current one first, then newest first", response: VersionList },
  'POST /prompts/{id}/versions/{version}/restore': { summary: "Make an earlier version's content current, as a new version", response: Prompt },
  'GET /prompts/{id}/library-update': { summary: "A fork's content next to its library original's, and whether that changed", response: LibraryUpdate },
  'POST /prompts/{id}/library-update/pull': { summary: "Take the library original's content in as a new version", response: Prompt },
  'POST /prompts/{id}/library-update/dismiss': { summary: "Mark the library original's change as seen; the content stays", status: 204 },
  'GET /prompts/{id}/examples': {
    summary: "A prompt's examples, oldest first (past 900 KB: in pages)",
    response: ExampleList,
    query: OwnListQuery,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /prompts/{id}/examples': {
    summary: "Keep an example: inputs fitting the prompt's variables, an expected answer, a rating (plan limit: examples per prompt, 409 past it)",
    request: ExampleInput,
    response: Example,
    status: 201,
  },
  'PUT /prompts/{id}/examples/{example_id}': { summary: 'Replace an example', request: ExampleReplace, response: Example },
  'DELETE /prompts/{id}/examples/{example_id}': { summary: 'Delete an example', status: 204 },
  'POST /prompts/{id}/examples/import': {
    summary: 'Import examples from CSV (a column per variable; expected, rating, note optional) or JSONL: all or none',
    request: ExamplesImport,
    response: ExamplesImported,
    status: 201,
  },
  'GET /prompts/{id}/examples/export': {
    summary: "Download a prompt's examples as CSV (the default) or JSONL, as an import reads them",
    query: ExamplesExportQuery,
    otherMedia: {
      'text/csv': 'format=csv: a header row of the variables, then expected, rating, note',
      'application/x-ndjson': 'format=jsonl: one example a line',
    },
  },
  'GET /prompts/{id}/checks': { summary: "A prompt's checks", response: CheckList },
  'PUT /prompts/{id}/checks': {
    summary: "Replace a prompt's checks (contains, not_contains, regex, json_schema, min_length, max_length, equals_expected, judge): the stored list with ids",
    request: ChecksInput,
    response: CheckList,
  },
  'POST /prompts/{id}/evaluations': {
    summary:
      "Queue an evaluation: the prompt's examples through up to 4 columns (a version, a label, a draft, a version on another model), each answer checked",
    request: EvaluationInput,
    response: EvaluationCreated,
    status: 202,
  },
  'GET /prompts/{id}/evaluations': { summary: "A prompt's evaluations, newest first", response: EvaluationList },
  'GET /prompts/{id}/evaluations/{evaluation_id}': { summary: "An evaluation's status, progress and each column's pass rate", response: Evaluation },
  'GET /prompts/{id}/evaluations/{evaluation_id}/results': {
    summary: "An evaluation's results so far, by example then column (past 900 KB: in pages)",
    query: ResultsQuery,
    response: EvaluationResults,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'DELETE /prompts/{id}/evaluations/{evaluation_id}': { summary: 'Cancel a queued or running evaluation (its results so far stay)', response: Evaluation },
  'POST /prompts/{id}/reviews': {
    summary:
      'Ask for a review of a version before a label moves to it (201; when the label has an open review, it moves to this version, 200, and its approvals go stale); reviewers (team members who edit) get an email',
    request: ReviewInput,
    response: Review,
    status: 201,
  },
  'GET /prompts/{id}/reviews': {
    summary:
      "A prompt's last 20 reviews, newest first; open ones with the text, variable-contract and settings diffs against the label's version and the version's latest evaluation",
    response: ReviewList,
  },
  'POST /prompts/{id}/reviews/{review_id}/approve': {
    summary: "Approve the review's version (another member who edits; never one's own request)",
    response: Review,
  },
  'POST /prompts/{id}/reviews/{review_id}/request-changes': { summary: 'Ask the author for changes, with a note', request: ChangesRequest, response: Review },
  'POST /prompts/{id}/reviews/{review_id}/merge': {
    summary:
      "Move the label to the reviewed version: needs an approval of that exact version, and the label's evaluation gate when it has one (409 with the reason otherwise)",
    response: Review,
  },
  'POST /prompts/{id}/reviews/{review_id}/close': { summary: 'Close the review without moving the label', response: Review },
  'GET /notices': {
    summary:
      "The caller's in-app notices, across every workspace they belong to (newest first, at most 100): open reviews that wait on them as a reviewer, and their own requests that were approved or sent back with changes",
    response: NoticeList,
  },
  'GET /reviews/{review_id}': {
    summary:
      "An open review the caller wrote or was asked for, with its diff, by its id alone: how a reviewer from a shared team reads a review of a prompt in another person's own workspace (that review only; 404 once it is merged or closed, or when they no longer share the team)",
    response: Review,
  },
  'POST /reviews/{review_id}/approve': { summary: "Approve a review reached by its id (never one's own request; a team's viewer 403)", response: Review },
  'POST /reviews/{review_id}/request-changes': {
    summary: 'Ask the author of a review reached by its id for changes, with a note',
    request: ChangesRequest,
    response: Review,
  },
  'GET /prompts/{id}/activity': {
    summary: "A prompt's activity, newest first, 50 a page: versions saved, labels moved, reviews, evaluations, shares, forks (any member; names, never ids)",
    query: ActivityQuery,
    response: ActivityList,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'GET /activity': {
    summary: "The workspace's activity, newest first, 50 a page (any member; kept 90 days)",
    query: ActivityQuery,
    response: ActivityList,
    responseHeaders: ADMIN_PAGE_HEADERS,
  },
  'POST /prompts/{id}/compare': {
    summary:
      'Start a side-by-side comparison: 2–4 columns (versions, labels, a draft, a version on another model) filled with one set of inputs; blind: shuffled and unnamed until the vote',
    request: CompareInput,
    response: CompareSession,
    status: 201,
  },
  'POST /prompts/{id}/votes': {
    summary: 'Vote which answer was better (or a tie): versions, models, or the columns of a compare session, which the answer names',
    request: VoteInput,
    response: Vote,
    status: 201,
  },
  'GET /prompts/{id}/votes': {
    summary: 'Win rates and ratings (Bradley–Terry on the Elo scale, with 95% intervals) per version and per model',
    response: Ratings,
  },
  'POST /prompts/{id}/feedback': {
    summary: 'Thumbs up or down, with an optional note, on a Run answer of a version (counted in the stats)',
    request: FeedbackInput,
    response: Feedback,
    status: 201,
  },
  'GET /prompts/{id}/stats': {
    summary:
      "A prompt's use over a window of at most a year: compiles by channel, runs, tokens, latency p50/p95, estimated cost, thumbs, blind-vote win rate and evaluation pass rate per version and label, a series by hour or day, and the API keys still fetching a version older than production",
    query: StatsQuery,
    response: PromptStats,
  },
  'GET /stats': {
    summary:
      "The workspace's use over a window of at most a year (any member): totals, a series by hour or day, and its top prompts by use, errors and estimated cost, from hours rolled up after they end",
    query: StatsQuery,
    response: WorkspaceStats,
  },
  'PUT /prompts/{id}/labels/{label}/protection': {
    summary: 'Protect a label: it moves only to a version whose finished, current evaluation passes at least min_pass_rate (default 1)',
    request: LabelProtectionInput,
    response: LabelProtection,
  },
  'PUT /prompts/{id}/labels/{label}': {
    summary:
      'Pin a label (production, staging or any lower-case name) to a version, or move it there (a session or an API key); a protected label needs a passing evaluation (409 {detail, evaluation_id?}) unless an owner passes force',
    request: LabelInput,
    response: LabelsAnswer,
  },
  'DELETE /prompts/{id}/labels/{label}': { summary: 'Remove a label from a prompt', status: 204 },
  'POST /prompts/{id}/share': {
    summary:
      'Share a prompt by a public link `<site>/s/<token>` (201, the same link when already shared; 403 for prompts copied from Pro or Elite library prompts)',
    response: ShareLink,
    status: 201,
  },
  'DELETE /prompts/{id}/share': { summary: 'Stop sharing; the link answers 404 from then on', status: 204 },
} satisfies Partial<Record<RouteKey, RouteContract>>;

import { prng } from './lib';

/**
 * Varied synthetic content for the benchmark: library entries (the shape `upsertEntries` takes)
 * and workspace prompts. Deterministic, so every run measures the same data.
 */
const VERBS = [
  'Write',
  'Draft',
  'Summarise',
  'Review',
  'Plan',
  'Outline',
  'Explain',
  'Compare',
  'Rewrite',
  'Analyse',
  'Design',
  'Critique',
  'Translate',
  'Prioritise',
  'Estimate',
];
const OBJECTS = [
  'a product launch email',
  'a quarterly business review',
  'an onboarding checklist',
  'a SQL query',
  'a job description',
  'a customer support reply',
  'a research summary',
  'a sprint retrospective',
  'a pricing page',
  'a blog post outline',
  'a risk register',
  'a user interview guide',
  'a press release',
  'a Python function',
  'a landing page hero',
  'a cold outreach message',
  'a meeting agenda',
  'a content calendar',
  'an incident post-mortem',
  'a grant proposal',
  'a lesson plan',
  'a recipe card',
  'a data dictionary',
  'a test plan',
  'a competitive analysis',
];
const QUALIFIERS = [
  'for busy executives',
  'in plain language',
  'with measurable goals',
  'for a technical audience',
  'in under 200 words',
  'with three variants',
  'for a first-time reader',
  'step by step',
  'with a clear call to action',
  'as a table',
];
const CATEGORIES = [
  'Marketing',
  'Sales',
  'Engineering',
  'Product',
  'Support',
  'Research',
  'Operations',
  'Finance',
  'HR',
  'Legal',
  'Education',
  'Writing',
  'Design',
  'Data',
  'Strategy',
  'Health',
  'Personal',
  'Travel',
  'Cooking',
  'Productivity',
  'Leadership',
  'Customer Success',
  'Security',
  'Growth',
];
const TASKS = [
  'Writing',
  'Summaries',
  'Analysis',
  'Brainstorming',
  'Coding',
  'Editing',
  'Planning',
  'Research',
  'Translation',
  'Outreach',
  'Reporting',
  'Teaching',
  'Review',
  'Strategy',
  'Design',
  'Data',
];
const INDUSTRIES = [
  'Tech',
  'Healthcare',
  'Finance',
  'Retail',
  'Education',
  'Media',
  'Manufacturing',
  'Hospitality',
  'Government',
  'Non-profit',
  'Legal',
  'Real estate',
  'Energy',
  'Logistics',
];
const SENTENCES = [
  'Keep the tone friendly but precise, and avoid jargon unless the reader expects it.',
  'Start with the single most important point, then support it with evidence.',
  'List any assumptions you make and flag the ones that need confirming.',
  'Use short paragraphs and concrete examples drawn from the context below.',
  'End with the next steps, each with an owner and a due date.',
  'If information is missing, ask at most three clarifying questions before answering.',
  'Cite the source of every figure you use; never invent statistics.',
  'Offer two alternatives and explain the trade-offs between them.',
  'Match the house style: sentence case headings, no exclamation marks.',
  'Point out risks, edge cases and anything that could be misunderstood.',
  'Structure the answer with headings so it can be skimmed in thirty seconds.',
  'Write for someone who has five minutes and no prior context.',
];
const MARKERS = [
  '[INPUT: topic]',
  '[INPUT: audience]',
  '[SNIPPET: Brand Voice]',
  '[SNIPPET: Product Description]',
  '[PROFILE: name]',
  '[PROFILE: company]',
  '[INPUT: deadline]',
  '[SNIPPET: Target Audience]',
];

type Rng = ReturnType<typeof prng>;

function body(rng: Rng, title: string): string {
  const parts = [`## Task\n${title}.`, '## Context'];
  for (const marker of rng.some(MARKERS, 0, 3)) parts.push(`- ${marker.slice(1, marker.indexOf(':'))}: ${marker}`);
  parts.push('## Requirements');
  for (const sentence of rng.some(SENTENCES, 2, 8)) parts.push(`- ${sentence}`);
  parts.push(
    `## Output format\n${rng.pick(['A numbered list.', 'A Markdown table.', 'Three short paragraphs.', 'A ready-to-send message.', 'A fenced code block with a short explanation.'])}`,
  );
  return parts.join('\n');
}

function title(rng: Rng, n: number): string {
  return `${rng.pick(VERBS)} ${rng.pick(OBJECTS)} ${rng.pick(QUALIFIERS)} #${n}`;
}

export interface SyntheticEntry {
  id: string;
  title: string;
  body: string;
  category: string | null;
  tasks: string[];
  industries: string[];
  access_tier: 'free' | 'pro' | 'elite';
}

/** `count` library entries with stable ids `bench-<n>`: ~60% free, 25% pro, 15% elite. */
export function libraryEntries(count: number, seed = 42): SyntheticEntry[] {
  const rng = prng(seed);
  return Array.from({ length: count }, (_, i) => {
    const t = title(rng, i + 1);
    const r = rng.next();
    return {
      id: `bench-${i + 1}`,
      title: t,
      body: body(rng, t),
      category: rng.next() < 0.95 ? rng.pick(CATEGORIES) : null,
      tasks: rng.some(TASKS, 1, 3),
      industries: rng.some(INDUSTRIES, 0, 2),
      access_tier: r < 0.6 ? 'free' : r < 0.85 ? 'pro' : 'elite',
    };
  });
}

/** Fields of `count` workspace prompts (the rest of the item is added by the caller). */
export function workspacePrompts(count: number, seed: number) {
  const rng = prng(seed);
  return Array.from({ length: count }, (_, i) => {
    const t = title(rng, i + 1);
    return { title: t, body: body(rng, t), is_favorite: rng.next() < 0.1, tasks: rng.some(TASKS, 0, 3), industries: rng.some(INDUSTRIES, 0, 2) };
  });
}

/** A realistic prompt to enhance: sloppy wording and variables, ~600 characters. */
export const ENHANCE_BODY =
  'pls write a summary of [INPUT: meeting notes] for [PROFILE: team] that explains the decisions we made and the stuff still open, ' +
  'kinda short but covering the things that matter. mention the owners and dates etc. use our voice from [SNIPPET: Brand Voice]. ' +
  'it should be very good and easy to read on a phone, and flag anything risky ASAP. compare the two options we discussed and ' +
  'say which one u would pick and why. keep it under 300 words, no jargon, and end with a list of next steps w/ owners.';

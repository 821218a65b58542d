import { findMarkers } from '@shared/variables';

/**
 * The built-in "clarify" engine: deterministic, no model needed. It restructures a prompt into
 * Role / Task / Requirements / Output format sections, tidies vague or sloppy wording and states
 * explicit output expectations inferred from what the prompt asks for. Variable markers, with
 * their defaults and choices, are carried through byte for byte (rewording and tidying skip them).
 */
const REWORDINGS: [RegExp, string][] = [
  [/\b(pls|plz)\b/gi, 'please'],
  [/\bthx\b/gi, 'thanks'],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\bw\/o\b/gi, 'without'],
  [/\bw\/\b/gi, 'with'],
  [/\bkinda\b/gi, 'somewhat'],
  [/\bsorta\b/gi, 'somewhat'],
  [/\bgonna\b/gi, 'going to'],
  [/\bwanna\b/gi, 'want to'],
  [/\bstuff\b/gi, 'details'],
  [/\bthings\b/gi, 'points'],
  [/\ba lot of\b/gi, 'many'],
  [/\bsome kind of\b/gi, 'a'],
  [/\bmake it better\b/gi, 'improve it'],
  [/\bvery good\b/gi, 'excellent'],
  [/\bvery bad\b/gi, 'poor'],
  [/\bASAP\b/g, 'promptly'],
  // Starts only where a whitespace run starts, so a long run is scanned once, not once per space.
  [/(?<!\s)\s+etc\.?(?=[\s,.;:!?)]|$)/gi, ' and similar items'],
];

interface OutputRule {
  test: RegExp;
  format: string;
}

const OUTPUT_RULES: OutputRule[] = [
  {
    test: /\b(code|function|script|class|sql|regex|typescript|javascript|python)\b/i,
    format: 'Working code in a fenced code block, followed by a short explanation of how it works and how to run it.',
  },
  { test: /\b(e-?mail|newsletter|letter)\b/i, format: 'A ready-to-send message with a subject line, a greeting, a concise body and a clear call to action.' },
  { test: /\b(table|compare|comparison|versus|vs\.?)\b/i, format: 'A Markdown table comparing the options, followed by a one-paragraph recommendation.' },
  { test: /\b(summar(y|ise|ize)|tl;?dr|recap)\b/i, format: 'A concise summary: a one-sentence overview, then 3 to 5 bullet points with the key facts.' },
  {
    test: /\b(list|ideas|brainstorm|options|suggestions|examples)\b/i,
    format: 'A numbered list; each item gets a bold title and one or two sentences of explanation.',
  },
  {
    test: /\b(plan|steps|guide|how to|roadmap|checklist)\b/i,
    format: 'Numbered steps in order, each with what to do and why; end with common pitfalls to avoid.',
  },
  {
    test: /\b(tweet|post|caption|headline|tagline|slogan)\b/i,
    format: "Three alternative versions, each within the platform's usual length, with the strongest one marked.",
  },
  { test: /\b(explain|what is|why|teach)\b/i, format: 'A clear explanation that starts with a one-sentence answer, then the details, then a short example.' },
];

const DEFAULT_FORMAT = 'A well-structured answer with short paragraphs, headings where they help, and no filler.';

const PLACEHOLDER = '\u0000';

/** Applies `edit` to the text outside variable markers, so no marker changes, not even its spacing. */
function outsideMarkers(text: string, edit: (masked: string) => string): string {
  const markers = findMarkers(text).map((m) => m.marker);
  let masked = text;
  markers.forEach((marker) => {
    masked = masked.replace(marker, PLACEHOLDER);
  });
  let i = 0;
  return edit(masked).replace(new RegExp(PLACEHOLDER, 'g'), () => markers[i++]!);
}

function reword(text: string): string {
  for (const [pattern, replacement] of REWORDINGS) text = text.replace(pattern, replacement);
  return text;
}

function tidy(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim());
  const collapsed = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const sentence = collapsed.charAt(0).toUpperCase() + collapsed.slice(1);
  // A trailing marker (masked as the placeholder) ends the sentence as its "]" would.
  return /[.!?:)\]"'`\u0000]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The task text of a prompt that was enhanced before, so enhancing twice does not nest sections. */
function unwrapPrevious(body: string): string {
  if (!body.startsWith('## Role')) return body;
  // indexOf, not a lazy multi-line pattern, which would rescan the text after every '## Task'.
  const heading = body.indexOf('\n## Task\n');
  if (heading < 0) return body;
  const start = heading + '\n## Task\n'.length;
  const end = body.indexOf('\n\n## ', start);
  return end < 0 ? body : body.slice(start, end);
}

export function clarify(body: string): string {
  // NUL is the placeholder for markers; a prompt has no business containing one.
  const task = outsideMarkers(unwrapPrevious(body.replaceAll(PLACEHOLDER, '')), (text) => tidy(reword(text)));
  const variables = findMarkers(task);
  const format = OUTPUT_RULES.find((rule) => rule.test.test(task))?.format ?? DEFAULT_FORMAT;
  const requirements = [
    'Follow the task exactly; do not add unrequested content.',
    'Be specific and concrete: prefer facts, numbers and examples over generalities.',
    'If something essential is missing or ambiguous, state your assumption in one line before answering.',
  ];
  if (variables.length) requirements.push('Treat the bracketed values as the inputs for this request.');

  return [
    '## Role',
    'You are an expert assistant who gives precise, well-organised and practical answers.',
    '',
    '## Task',
    task,
    '',
    '## Requirements',
    ...requirements.map((r) => `- ${r}`),
    '',
    '## Output format',
    format,
  ].join('\n');
}

import type { CreatePromptInput } from '../api/create-prompt';

/**
 * The sample a new user can add from the empty workspace: one prompt that shows each kind of
 * variable (docs/product.md), an INPUT with a default, one with choices, a multi-line INPUT, a
 * SNIPPET and a PROFILE value.
 */
export const SAMPLE_PROMPT: CreatePromptInput = {
  title: 'Sample: Meeting follow-up email',
  body: [
    'Write a follow-up email to [INPUT: recipient=the team] about our meeting on [INPUT: topic].',
    'Tone: [INPUT: tone=friendly|formal|brief].',
    '',
    'Meeting notes:',
    '[INPUT: notes]',
    '',
    'Close with a short description of us:',
    '[SNIPPET: Company Bio]',
    '',
    'Sign it as [PROFILE: name].',
  ].join('\n'),
  category_id: null,
  tasks: ['Writing', 'Email'],
  industries: [],
  is_favorite: false,
};

import { CategoryInput } from '@shared/contract/prompts';
import { schemaRule } from '@/lib/form-rules';

/** The contract's category name: required after trimming, at most CATEGORY_NAME_MAX characters, one clean line. */
export const categoryNameRule = { validate: schemaRule(CategoryInput.shape.name) };

/** A name form's outcome for the dialog's one error line: the rule a name broke, or the server's reason. */
export type ShowError = (error: string | null) => void;

import { TeamInput } from '@shared/contract/teams';
import { schemaRule } from '@/lib/form-rules';

/** The team name as POST /teams takes it, with the contract's own messages. */
export const teamNameRule = schemaRule(TeamInput.shape.name);

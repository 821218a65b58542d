import { queueOf } from '../../../functions/lib/services/queue';
import { TEST_WORKERS } from './table';

/** enqueue/worker over the test workers' table. */
export const testQueue = queueOf(TEST_WORKERS);

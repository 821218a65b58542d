/**
 * The account contract, loaded on demand: only the account pages need it, so the schemas stay out
 * of the first load.
 */
export const accountContract = () => import('@shared/contract/account');

/** The `detail` of a 202 answer (the server's words for what it accepted). */
export const acceptedDetail = async (data: unknown) => (await accountContract()).Accepted.parse(data).detail;

/** A date and time as the teams pages show them (an invitation's expiry). */
export const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

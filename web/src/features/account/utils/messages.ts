/** The message of a failed account call when the server sent no detail. */
export const FALLBACK = 'Something went wrong. Please try again.';

/** The same for the password reset pages (signed out). */
export const UNEXPECTED = 'An unexpected error occurred. Please try again.';

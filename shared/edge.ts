/**
 * Headers between CloudFront and the functions (docs/decisions.md, "The edge"); the local
 * gateway plays CloudFront's part with the same names.
 */

/** The viewer's address (`ip:port`), written by CloudFront. Trusted only beside a valid ORIGIN_SECRET_HEADER. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The origin secret CloudFront adds to every request it sends to the API and the run function. */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';

/**
 * The run function URL sits behind CloudFront's origin access control, which signs each request
 * into `Authorization`: a CloudFront Function moves the viewer's bearer token here first.
 */
export const FORWARDED_AUTHORIZATION_HEADER = 'x-construct-authorization';

/** What a POST to the run function URL must carry: the SHA-256 (hex) of its body, which the OAC signature covers. */
export const CONTENT_SHA256_HEADER = 'x-amz-content-sha256';

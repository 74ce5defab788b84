/** Random bytes in a session id: 128 bits, above the 96 a share link needs to be unguessable. */
const ID_BYTES = 16;

/** A fresh session id: 22 base64url characters from the platform's CSPRNG. */
export function createSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ID_BYTES));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The share link path of a session. */
export function formatSessionUrl(id: string): string {
  return `/s/${id}`;
}

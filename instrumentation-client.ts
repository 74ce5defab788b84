// Runs in the browser before the app starts. The page's Content-Security-Policy allows no eval, and
// zod's probe for it (`Function('')`, on the first object parse) would be reported as a violation.
// Zod's core holds the one global config every schema reads; importing only it keeps the rest of
// Zod out of the page's first load (schemas load with the code that parses).
import { config } from 'zod/v4/core';

config({ jitless: true });

// Runs in the browser before the app starts. The page's Content-Security-Policy allows no eval, and
// zod's probe for it (`Function('')`, on the first object parse) would be reported as a violation.
import { z } from 'zod';

z.config({ jitless: true });

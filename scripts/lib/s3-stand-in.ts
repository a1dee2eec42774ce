// The S3 stand-in of the tests (s3rver) in a process of its own, so `npm run faults` can pause it:
// prints its S3_* settings as one JSON line, then serves until it is stopped.
import { startS3Server } from '../../src/server/test-support/s3-server.js';

const server = await startS3Server();
console.log(JSON.stringify(server.env));
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));

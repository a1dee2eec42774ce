import 'dotenv/config';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backupTo, restoreFrom } from './backups.js';
import { newBackupKey } from './sealed.js';

// `npm run backup -- [folder] [--with-files]` (default BACKUP_DIR/<time>; --with-files copies a
// bucket's objects too) and `npm run restore -- <folder>`, with the portal's own settings
// (DATABASE_URL, DATA_DIR or S3_*, BACKUP_RECIPIENT to seal, BACKUP_KEY to open).
// `npm run backup -- new-key` prints a new age identity (BACKUP_KEY) and its recipient.
const args = process.argv.slice(2);
const withBucketFiles = args.includes('--with-files');
const [command, folderArg] = args.filter((arg) => arg !== '--with-files');
try {
  if (command === 'backup' && folderArg === 'new-key') {
    const { identity, recipient } = await newBackupKey();
    console.log(`BACKUP_RECIPIENT=${recipient}\nBACKUP_KEY=${identity}`);
    console.error('BACKUP_RECIPIENT seals backups: set it where they are taken. BACKUP_KEY opens them: keep it apart from the backups (a password manager, a safe), and set it only to restore.');
    process.exit(0);
  }
  const config = loadConfig();
  if (command === 'backup') {
    const folder = path.resolve(folderArg ?? path.join(config.backups.dir, new Date().toISOString().replace(/[:.]/g, '-')));
    const manifest = await backupTo(config, folder, { withBucketFiles });
    console.log(`backup written to ${folder}`);
    for (const line of manifest.keepWithIt) console.log(`keep with it: ${line}`);
  } else if (command === 'restore' && folderArg) {
    const { missingKeys } = await restoreFrom(config, path.resolve(folderArg));
    console.log(`restored from ${folderArg}`);
    if (missingKeys.length > 0) {
      console.error(`the bucket lacks ${missingKeys.length} file(s) the backup lists: ${missingKeys.slice(0, 10).join(', ')}`);
      process.exitCode = 2;
    }
  } else {
    console.error('usage: npm run backup -- [folder] [--with-files] | npm run backup -- new-key | npm run restore -- <folder>');
    process.exitCode = 64;
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}

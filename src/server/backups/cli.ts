import 'dotenv/config';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { backupFolderName, backupTo, restoreFrom } from './backups.js';
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
    console.error(
      'BACKUP_RECIPIENT seals backups: set it where they are taken. BACKUP_KEY opens them: keep it apart from the backups (a password manager, a safe), and set it only to restore.',
    );
    process.exit(0);
  }
  const config = loadConfig();
  if (command === 'backup') {
    const folder = path.resolve(folderArg ?? path.join(config.backups.dir, backupFolderName(new Date())));
    // The embedded database opens here only while no portal serves it (its folder's lock); a running portal backs it up itself.
    const embedded = config.databaseUrl ? undefined : await openDatabase({ dataDir: config.dataDir, migrate: false, listenUrl: null });
    const manifest = await backupTo(config, folder, { withBucketFiles, snapshot: embedded?.snapshot }).finally(() => embedded?.close());
    console.log(`backup written to ${folder}`);
    for (const line of manifest.keepWithIt) console.log(`keep with it: ${line}`);
  } else if (command === 'restore' && folderArg) {
    const { missingKeys, setAside } = await restoreFrom(config, path.resolve(folderArg));
    console.log(`restored from ${folderArg}`);
    if (setAside) console.log(`the embedded database that was there is kept in ${setAside}`);
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

// Browser tests use Debian's Chromium: a browser download is impossible on these machines.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);
console.log(`${chromium} is missing: installing Debian's chromium package`);
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, { stdio: 'inherit' });

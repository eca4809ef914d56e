// Browser tests use Debian's Chromium: a browser download is impossible on these machines. They
// also need a Chinese font (Debian's WenQuanYi Micro Hei): without one Chinese is drawn as boxes,
// so the layout walk would measure boxes instead of the characters a patient reads.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHINESE_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const missing = [
  ...(existsSync(chromium) ? [] : ['chromium']),
  ...(existsSync(CHINESE_FONT) ? [] : ['fonts-wqy-microhei']),
];
if (missing.length === 0) process.exit(0);
console.log(`installing Debian's ${missing.join(' and ')}`);
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });

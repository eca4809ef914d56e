// The tests' outside world comes from Debian, never from a download at run time (impossible on
// these machines): Chromium for the browser tests, a Chinese font (WenQuanYi Micro Hei; without
// one Chinese is drawn as boxes, so the layout walk would measure boxes instead of the characters
// a patient reads), and the third parties the viewer is measured against (issue 25): DCMTK and GDCM
// write and render the conformance corpus, Orthanc with its DICOMweb plugin is the real archive;
// nginx and OpenSSL put HTTPS and HTTP/2 in front of the bench's sandbox, as production serves.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

/** Each package, by a file it installs. */
const PACKAGES = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  'fonts-wqy-microhei': '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  dcmtk: '/usr/bin/dcmj2pnm',
  'libgdcm-tools': '/usr/bin/gdcmconv',
  // pydicom's sample files (MIT, some from GDCM's test data) are part of the conformance corpus.
  'python3-pydicom': '/usr/lib/python3/dist-packages/pydicom/data/test_files/CT_small.dcm',
  orthanc: '/usr/sbin/Orthanc',
  'orthanc-dicomweb': '/usr/share/orthanc/plugins/libOrthancDicomWeb.so',
  nginx: '/usr/sbin/nginx',
  // The bench's nginx serves the build's .br files as they are, as docs/deploy.md's does.
  'libnginx-mod-http-brotli-static': '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  openssl: '/usr/bin/openssl',
};

const missing = Object.entries(PACKAGES)
  .filter(([, file]) => !existsSync(file))
  .map(([name]) => name);
if (missing.length === 0) process.exit(0);
console.log(`installing Debian's ${missing.join(', ')}`);
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
// No service starts from a package's install script: the tests start Orthanc on their own ports.
if (!existsSync('/usr/sbin/policy-rc.d')) {
  execSync(`printf '#!/bin/sh\\nexit 101\\n' | ${sudo}tee /usr/sbin/policy-rc.d >/dev/null && ${sudo}chmod +x /usr/sbin/policy-rc.d`, { stdio: 'inherit' });
}
execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { allowedExternalUrl } from '../../src/shared/navigation/externalUrl';

const allowed = ['https://ai.example.org', 'http://127.0.0.1:8080'];

describe('external result URLs', () => {
  it.each([
    ['https://ai.example.org/report/1?x=2', 'https://ai.example.org/report/1?x=2'],
    ['http://127.0.0.1:8080/sandbox/ai-report/AI1', 'http://127.0.0.1:8080/sandbox/ai-report/AI1'],
  ])('allows %s', (value, expected) => {
    expect(allowedExternalUrl(value, allowed)).toBe(expected);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://ai.example.org.evil.com/',
    'https://evil.com/?https://ai.example.org',
    'https://ai.example.org@evil.com/',
    'https://user:pass@ai.example.org/',
    'http://ai.example.org/',
    'https://ai.example.org:8443/',
    '//ai.example.org/report',
    '/relative/path',
    'ftp://ai.example.org/file',
    '',
    null,
    undefined,
  ])('refuses %s', (value) => {
    expect(allowedExternalUrl(value, allowed)).toBeNull();
  });
});

import { isBlankHtml, sanitizeHtml } from './sanitize';

describe('article HTML sanitiser', () => {
  it('drops script elements and keeps the text around them', () => {
    const out = sanitizeHtml('<p>前言</p><script>alert(1)</script><p>结果<script src="x.js"></script></p>');
    expect(out).toBe('<p>前言</p><p>结果</p>');
  });

  it('drops on* event attributes and keeps the others', () => {
    const out = sanitizeHtml('<img src="fig1.png" alt="图1" onerror="alert(1)"><p ONCLICK="x()" class="note">注</p>');
    expect(out).toBe('<img src="fig1.png" alt="图1"><p class="note">注</p>');
  });

  it('drops javascript: links but keeps ordinary ones', () => {
    const out = sanitizeHtml('<a href="javascript:alert(1)">坏</a> <a href="https://example.org/ref">好</a>');
    expect(out).toBe('<a>坏</a> <a href="https://example.org/ref">好</a>');
  });

  it('keeps editorial markup: tables, superscripts, headings', () => {
    const html = '<h2>方法</h2><p>见表1<sup>2</sup>。</p><table><tbody><tr><td>组</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
  });

  it('treats leftover empty paragraphs as blank', () => {
    expect(isBlankHtml('<p><br></p>&nbsp;')).toBe(true);
    expect(isBlankHtml('<p>文字</p>')).toBe(false);
    expect(isBlankHtml('<img src="a.png" alt="">')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { render } from '../testing/render';
import { RichText } from './rich-text';

const html = (source: string) => render(<RichText html={source} />).container.querySelector('.mantine-Typography-root')?.innerHTML;

describe('RichText', () => {
  it('keeps the allow-listed markup', () => {
    expect(html('<p>Hi <strong>there</strong>, <em>you</em><br>next</p><ul><li>one</li></ul>')).toBe(
      '<p>Hi <strong>there</strong>, <em>you</em><br>next</p><ul><li>one</li></ul>',
    );
  });

  it('drops scripts, handlers, styles and unknown tags but keeps their text', () => {
    expect(html('<p onclick="alert(1)" style="color:red">a<script>alert(1)</script><img src=x onerror="alert(2)"><span>b</span></p>')).toBe('<p>ab</p>');
  });

  it('keeps only absolute http(s) links, opened safely in a new tab', () => {
    expect(html('<a href="https://example.com/x">ok</a>')).toBe('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(html('<a href="javascript:alert(1)">bad</a><a href="/relative">rel</a><a href="data:text/html,x">data</a>')).toBe('badreldata');
  });

  it('keeps what the editor makes: headings 1-6, strike, underline, quotes and the four text alignments', () => {
    const editor =
      '<h1 style="text-align: center">One</h1><h2>Two</h2><h3 style="text-align:right">Three</h3><h4>4</h4><h5>5</h5><h6 style="text-align: justify">6</h6>' +
      '<p style="text-align: left">left <s>gone</s> <u>under</u></p><blockquote><p>quote</p></blockquote><ol><li><p>one</p></li></ol>';
    expect(html(editor)).toBe(
      '<h1 style="text-align: center;">One</h1><h2>Two</h2><h3 style="text-align: right;">Three</h3><h4>4</h4><h5>5</h5><h6 style="text-align: justify;">6</h6>' +
        '<p style="text-align: left;">left <s>gone</s> <u>under</u></p><blockquote><p>quote</p></blockquote><ol><li><p>one</p></li></ol>',
    );
  });

  it('keeps no style but a known alignment, and no alignment on other tags', () => {
    expect(html('<p style="text-align: center; color: red; background: url(javascript:alert(1))">a</p>')).toBe('<p style="text-align: center;">a</p>');
    expect(
      html('<p style="text-align: expression(alert(1))">b</p><li style="text-align: center">c</li><blockquote style="text-align:right">d</blockquote>'),
    ).toBe('<p>b</p><li>c</li><blockquote>d</blockquote>');
  });

  it('keeps mailto links', () => {
    expect(html('<a href="mailto:coach@example.com">mail</a>')).toBe('<a href="mailto:coach@example.com" target="_blank" rel="noopener noreferrer">mail</a>');
  });
});

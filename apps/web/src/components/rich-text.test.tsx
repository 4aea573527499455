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
});

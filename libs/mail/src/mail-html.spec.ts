import { escapeHtml, html, trustedHtml } from './mail-html.js';

describe('html', () => {
  it('escapes every interpolated text, in content and in quoted attributes', () => {
    const name = `<script>alert("x")</script> & 'quotes'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</p>',
    );
  });

  it('nests templates and lists of them without escaping them twice', () => {
    const rows = ['a<b', 'c&d'].map((cell) => html`<td>${cell}</td>`);
    expect(html`<tr>${rows}</tr>`.value).toBe('<tr><td>a&lt;b</td><td>c&amp;d</td></tr>');
  });

  it('inserts fixed markup of the code as it is, numbers as text, and nothing for null', () => {
    expect(html`<td ${trustedHtml('align="right"')}>${3}${null}${undefined}</td>`.value).toBe('<td align="right">3</td>');
  });
});

describe('escapeHtml', () => {
  it('leaves plain text alone', () => {
    expect(escapeHtml('Casey Customer, order 12')).toBe('Casey Customer, order 12');
  });
});

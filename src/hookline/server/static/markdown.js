// A small, safe Markdown renderer: the text is HTML-escaped FIRST, then a few
// Markdown constructs are turned into tags. No raw HTML ever reaches the page.
// Supported: headings, paragraphs, **bold**, *italic*, `code`, ``` fences,
// lists (-, *, 1.), > quotes, --- rules, [links](https://...), pipe tables.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function safeUrl(escapedUrl) {
  // The URL is already escaped (no quotes or angle brackets can remain).
  const url = escapedUrl.replace(/&amp;/g, "&").trim();
  if (/^(https?:|mailto:)/i.test(url) || /^[/#?]/.test(url)) return escapedUrl;
  return null; // javascript:, data:, vbscript: ... are dropped
}

function inline(escaped) {
  const codes = [];
  let text = escaped.replace(/`([^`]+)`/g, (_, code) => {
    codes.push(code);
    return `\u0000${codes.length - 1}\u0000`;
  });
  text = text
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/__([^_]+)__/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/(^|[^_\w])_([^_\s][^_]*)_(?!\w)/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label, url) => {
      const href = safeUrl(url);
      return href === null
        ? label
        : `<a href="${href}" target="_blank" rel="noopener noreferrer">${label}</a>`;
    });
  return text.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

function isTableRow(line) {
  return /^\s*\|.*\|\s*$/.test(line);
}

function cells(line) {
  return line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
}

function table(lines) {
  const head = cells(lines[0]);
  const body = lines.slice(2).map(cells);
  const th = head.map((c) => `<th>${inline(c)}</th>`).join("");
  const rows = body.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`);
  return `<table class="md-table"><thead><tr>${th}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

export function renderMarkdown(source) {
  const lines = escapeHtml(source || "").replace(/\r\n/g, "\n").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^```/.test(line)) {
      const code = [];
      i += 1;
      while (i < lines.length && !/^```/.test(lines[i])) code.push(lines[i++]);
      i += 1;
      out.push(`<pre><code>${code.join("\n")}</code></pre>`);
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    if (heading) {
      const level = heading[1].length;
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
      i += 1;
      continue;
    }
    if (/^\s*(---|\*\*\*)\s*$/.test(line)) {
      out.push("<hr>");
      i += 1;
      continue;
    }
    if (isTableRow(line) && i + 1 < lines.length && /^\s*\|?[\s:-]+\|[\s|:-]*$/.test(lines[i + 1])) {
      const rows = [];
      while (i < lines.length && isTableRow(lines[i])) rows.push(lines[i++]);
      out.push(table(rows));
      continue;
    }
    const bullet = /^\s*[-*]\s+/;
    const numbered = /^\s*\d+[.)]\s+/;
    if (bullet.test(line) || numbered.test(line)) {
      const ordered = numbered.test(line);
      const pattern = ordered ? numbered : bullet;
      const items = [];
      while (i < lines.length && pattern.test(lines[i])) {
        items.push(`<li>${inline(lines[i].replace(pattern, ""))}</li>`);
        i += 1;
      }
      const tag = ordered ? "ol" : "ul";
      out.push(`<${tag}>${items.join("")}</${tag}>`);
      continue;
    }
    if (/^&gt;\s?/.test(line)) {
      const quoted = [];
      while (i < lines.length && /^&gt;\s?/.test(lines[i])) {
        quoted.push(inline(lines[i].replace(/^&gt;\s?/, "")));
        i += 1;
      }
      out.push(`<blockquote>${quoted.join("<br>")}</blockquote>`);
      continue;
    }
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const paragraph = [inline(line)];
    i += 1;
    while (
      i < lines.length &&
      lines[i].trim() &&
      !/^(```|#{1,6}\s|&gt;)/.test(lines[i]) &&
      !bullet.test(lines[i]) &&
      !numbered.test(lines[i]) &&
      !isTableRow(lines[i])
    ) {
      paragraph.push(inline(lines[i]));
      i += 1;
    }
    out.push(`<p>${paragraph.join("<br>")}</p>`);
  }
  return out.join("\n");
}

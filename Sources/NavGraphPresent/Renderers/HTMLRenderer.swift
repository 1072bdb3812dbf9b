import Foundation
import NavGraphModel

/// One self-contained HTML file: the Graphviz SVG inline, pan and zoom, a search box, and
/// click-to-highlight of a node's neighbours with its file:line. No network resources: the only
/// URLs are the user's `--source-url` links.
///
/// Safety: the SVG's text comes escaped from Graphviz; the data for the script is JSON with `<`, `>`
/// and `&` written as `\u003c`, `\u003e`, `\u0026`, so nothing from analyzed code can close the script;
/// the script builds the info panel with `textContent`, never `innerHTML`.
///
/// The URL fragment drives the page too: `#search=Cart` runs a search on load and `#select=screen-Cart`
/// selects a node (handy for links in reviews; the browser test uses it).
public enum HTMLRenderer {
    public static func render(_ graph: NavGraph, options: RenderOptions = RenderOptions()) throws -> GraphvizRenderer.Output {
        try render(Drawing(graph, marks: options.marks), options: options)
    }

    public static func render(_ drawing: Drawing, options: RenderOptions) throws -> GraphvizRenderer.Output {
        let svgOutput = try GraphvizRenderer.render(drawing, format: "svg", options: options)
        var svg = String(decoding: svgOutput.data, as: UTF8.self)
        if let start = svg.range(of: "<svg") { svg = String(svg[start.lowerBound...]) }
        let title = options.title ?? "navigation graph"
        let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="navgraph">
        <title>\(escapeHTML(title)) · navgraph</title>
        <style>
        \(css)
        </style>
        </head>
        <body>
        <header>
        <strong>\(escapeHTML(title))</strong>
        <input id="search" type="search" placeholder="Search screens, coordinators, routes, actions" autocomplete="off" aria-label="Search">
        <span id="count"></span>
        <button id="zoom-in" title="Zoom in (+)">+</button><button id="zoom-out" title="Zoom out (-)">−</button><button id="fit" title="Fit (0)">Fit</button>
        </header>
        <div id="layout">
        <main id="viewport">
        \(svg)
        </main>
        <aside id="info"><ol id="results"></ol><div id="details"><p class="hint">Click a node to highlight its neighbours and see where it is declared. Drag to pan, scroll to zoom.</p></div></aside>
        </div>
        <script type="application/json" id="navgraph-data">\(dataJSON(drawing, options))</script>
        <script>
        \(script)
        </script>
        </body>
        </html>

        """
        return GraphvizRenderer.Output(data: Data(html.utf8), warnings: svgOutput.warnings)
    }

    struct NodeData: Encodable {
        var dom: String, id: String, kind: String, name: String, file: String, line: Int
        var url: String?
        var flags: [String]
    }

    struct EdgeData: Encodable {
        var dom: String, from: String, to: String, style: String, labels: [String], file: String, line: Int
        var url: String?
    }

    struct PageData: Encodable {
        var nodes: [NodeData]
        var edges: [EdgeData]
    }

    static func dataJSON(_ drawing: Drawing, _ options: RenderOptions) -> String {
        let domOf = Dictionary(drawing.nodes.map { ($0.id, $0.domID) }, uniquingKeysWith: { a, _ in a })
        let data = PageData(
            nodes: drawing.nodes.map { n in
                NodeData(dom: n.domID, id: n.id, kind: n.kind.rawValue, name: n.name, file: n.file, line: n.line,
                         url: options.link(n.file, n.line), flags: Array(n.classes.dropFirst()))
            },
            edges: drawing.edges.compactMap { e in
                guard let from = domOf[e.from], let to = domOf[e.to] else { return nil }
                return EdgeData(dom: e.domID, from: from, to: to, style: e.style.legend, labels: e.labels, file: e.file, line: e.line,
                                url: options.link(e.file, e.line))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: (try? encoder.encode(data)) ?? Data("{}".utf8), as: UTF8.self)
        return json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026").replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    static func escapeHTML(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    static let css = """
    * { box-sizing: border-box; }
    html, body { margin: 0; height: 100%; font: 13px/1.4 -apple-system, "Helvetica Neue", Helvetica, Arial, sans-serif; color: #222; }
    body { display: flex; flex-direction: column; }
    header { display: flex; gap: 8px; align-items: center; padding: 6px 10px; border-bottom: 1px solid #ddd; background: #fafafa; }
    header input { flex: 0 1 340px; padding: 4px 8px; font: inherit; }
    header button { font: inherit; min-width: 28px; }
    #count { color: #666; min-width: 80px; }
    #layout { flex: 1; display: flex; min-height: 0; }
    #viewport { flex: 1; overflow: hidden; cursor: grab; background: #fff; }
    #viewport.dragging { cursor: grabbing; }
    #viewport svg { width: 100%; height: 100%; display: block; }
    #info { width: 300px; border-left: 1px solid #ddd; padding: 8px 12px; overflow: auto; background: #fcfcfc; }
    #info h2 { font-size: 14px; margin: 4px 0; word-break: break-all; }
    #info .kind { color: #666; text-transform: uppercase; font-size: 11px; letter-spacing: .05em; }
    #info ul, #results { padding-left: 18px; margin: 4px 0 10px; }
    #info code, #info a { word-break: break-all; }
    #info li { cursor: pointer; word-break: break-all; }
    #info li:hover { text-decoration: underline; }
    .hint { color: #666; }
    svg.dimmed g.node:not(.hl), svg.dimmed g.edge:not(.hl) { opacity: .12; }
    svg g.node.selected > g > a > :is(polygon, ellipse, path), svg g.node.selected > :is(polygon, ellipse, path) { stroke-width: 4px; }
    svg g.node.match > g > a > :is(polygon, ellipse, path), svg g.node.match > :is(polygon, ellipse, path) { stroke: #ff8c00; stroke-width: 4px; }
    svg g.edge.match path { stroke: #ff8c00; stroke-width: 3px; }
    svg g.node, svg g.edge { cursor: pointer; }
    """

    static let script = """
    (function () {
      "use strict";
      var root = document.documentElement;
      var errors = [];
      window.addEventListener("error", function (e) { errors.push(String(e.message)); root.setAttribute("data-navgraph-errors", errors.join(" | ")); });
      var data = JSON.parse(document.getElementById("navgraph-data").textContent);
      var svg = document.querySelector("#viewport svg");
      var viewport = document.getElementById("viewport");
      var search = document.getElementById("search");
      var count = document.getElementById("count");
      var results = document.getElementById("results");
      var details = document.getElementById("details");
      var byDom = {}, edgesOf = {};
      data.nodes.forEach(function (n) { byDom[n.dom] = n; edgesOf[n.dom] = []; });
      data.edges.forEach(function (e) {
        if (edgesOf[e.from]) edgesOf[e.from].push(e);
        if (edgesOf[e.to] && e.to !== e.from) edgesOf[e.to].push(e);
      });

      // Pan and zoom through the viewBox.
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      var vb0 = svg.viewBox.baseVal;
      var home = { x: vb0.x, y: vb0.y, w: vb0.width, h: vb0.height };
      var view = { x: home.x, y: home.y, w: home.w, h: home.h };
      function apply() { svg.setAttribute("viewBox", view.x + " " + view.y + " " + view.w + " " + view.h); }
      function scale() {
        var r = svg.getBoundingClientRect();
        return Math.max(view.w / Math.max(r.width, 1), view.h / Math.max(r.height, 1));
      }
      function zoom(factor, cx, cy) {
        if (cx === undefined) { cx = view.x + view.w / 2; cy = view.y + view.h / 2; }
        var w = Math.min(Math.max(view.w * factor, home.w / 200), home.w * 20);
        var f = w / view.w;
        view.x = cx - (cx - view.x) * f; view.y = cy - (cy - view.y) * f;
        view.w *= f; view.h *= f; apply();
      }
      function toGraph(evt) {
        var r = svg.getBoundingClientRect(), s = scale();
        var ox = view.x + (view.w - r.width * s) / 2, oy = view.y + (view.h - r.height * s) / 2;
        return { x: ox + (evt.clientX - r.left) * s, y: oy + (evt.clientY - r.top) * s };
      }
      function fit() { view = { x: home.x, y: home.y, w: home.w, h: home.h }; apply(); }
      viewport.addEventListener("wheel", function (evt) {
        evt.preventDefault();
        var p = toGraph(evt);
        zoom(evt.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
      }, { passive: false });
      var drag = null, moved = false;
      viewport.addEventListener("mousedown", function (evt) { drag = { x: evt.clientX, y: evt.clientY }; moved = false; });
      window.addEventListener("mousemove", function (evt) {
        if (!drag) return;
        var s = scale(), dx = evt.clientX - drag.x, dy = evt.clientY - drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 3) { moved = true; viewport.classList.add("dragging"); }
        view.x -= dx * s; view.y -= dy * s; drag = { x: evt.clientX, y: evt.clientY }; apply();
      });
      window.addEventListener("mouseup", function () { drag = null; viewport.classList.remove("dragging"); });
      document.getElementById("zoom-in").addEventListener("click", function () { zoom(1 / 1.4); });
      document.getElementById("zoom-out").addEventListener("click", function () { zoom(1.4); });
      document.getElementById("fit").addEventListener("click", fit);
      window.addEventListener("keydown", function (evt) {
        if (evt.target === search) return;
        if (evt.key === "+" || evt.key === "=") zoom(1 / 1.4);
        else if (evt.key === "-") zoom(1.4);
        else if (evt.key === "0") fit();
        else if (evt.key === "Escape") clearSelection();
        else if (evt.key === "/") { evt.preventDefault(); search.focus(); }
      });

      function element(dom) { return document.getElementById(dom); }
      function center(dom) {
        var el = element(dom);
        if (!el || !el.getBBox) return;
        var b = el.getBBox(), ctm = el.getCTM(), rootCTM = svg.getCTM();
        var cx = b.x + b.width / 2, cy = b.y + b.height / 2;
        if (ctm && rootCTM) {
          var m = rootCTM.inverse().multiply(ctm);
          var p = svg.createSVGPoint(); p.x = cx; p.y = cy; p = p.matrixTransform(m);
          cx = p.x; cy = p.y;
        }
        var w = Math.min(home.w, Math.max(b.width * 6, home.w / 4));
        var h = view.h * (w / view.w);
        view = { x: cx - w / 2, y: cy - h / 2, w: w, h: h }; apply();
      }

      // Selection: a node, its neighbours and the edges between them.
      function clearSelection() {
        svg.classList.remove("dimmed");
        Array.prototype.forEach.call(svg.querySelectorAll(".hl, .selected"), function (el) { el.classList.remove("hl", "selected"); });
        while (details.firstChild) details.removeChild(details.firstChild);
        root.removeAttribute("data-navgraph-selected");
      }
      function add(parent, tag, text, cls) {
        var el = document.createElement(tag);
        if (text !== undefined) el.textContent = text;
        if (cls) el.className = cls;
        parent.appendChild(el);
        return el;
      }
      function where(parent, file, line, url) {
        var p = add(parent, "p");
        if (!file) return;
        if (url) { var a = add(p, "a", file + ":" + line); a.href = url; a.target = "_blank"; a.rel = "noopener"; }
        else add(p, "code", file + ":" + line);
      }
      function select(dom) {
        var n = byDom[dom];
        if (!n) return;
        clearSelection();
        svg.classList.add("dimmed");
        var el = element(dom);
        if (el) el.classList.add("hl", "selected");
        root.setAttribute("data-navgraph-selected", dom);
        add(details, "div", n.kind + (n.flags.length ? " · " + n.flags.join(", ") : ""), "kind");
        add(details, "h2", n.name);
        where(details, n.file, n.line, n.url);
        add(details, "div", "outgoing", "kind");
        var out = add(details, "ul");
        add(details, "div", "incoming", "kind");
        var inn = add(details, "ul");
        edgesOf[dom].forEach(function (e) {
          var other = e.from === dom ? e.to : e.from;
          var edgeEl = element(e.dom), otherEl = element(other);
          if (edgeEl) edgeEl.classList.add("hl");
          if (otherEl) otherEl.classList.add("hl");
          var li = add(e.from === dom ? out : inn, "li",
            e.style + (e.labels.length ? " [" + e.labels.join(", ") + "]" : "") + " " + (e.from === dom ? "→ " : "← ") + (byDom[other] ? byDom[other].name : other));
          li.title = e.file + ":" + e.line;
          li.addEventListener("click", function () { select(other); center(other); });
        });
      }
      function domOf(target) {
        while (target && target !== svg) {
          if (target.classList && target.classList.contains("node") && byDom[target.id]) return target.id;
          target = target.parentNode;
        }
        return null;
      }
      svg.addEventListener("click", function (evt) {
        if (moved) { evt.preventDefault(); return; }
        var dom = domOf(evt.target);
        if (evt.metaKey || evt.ctrlKey) return;
        evt.preventDefault();
        if (dom) select(dom); else clearSelection();
      });

      // Search: node names, and the route and action names drawn on edges.
      function runSearch(q) {
        Array.prototype.forEach.call(svg.querySelectorAll(".match"), function (el) { el.classList.remove("match"); });
        while (results.firstChild) results.removeChild(results.firstChild);
        q = q.trim().toLowerCase();
        if (!q) { count.textContent = ""; root.removeAttribute("data-navgraph-matches"); return []; }
        var found = data.nodes.filter(function (n) { return n.name.toLowerCase().indexOf(q) >= 0; });
        var edgeHits = data.edges.filter(function (e) { return e.labels.some(function (l) { return l.toLowerCase().indexOf(q) >= 0; }); });
        found.forEach(function (n) {
          var el = element(n.dom); if (el) el.classList.add("match");
          var li = add(results, "li", n.kind + " " + n.name);
          li.addEventListener("click", function () { select(n.dom); center(n.dom); });
        });
        edgeHits.forEach(function (e) {
          var el = element(e.dom); if (el) el.classList.add("match");
          var label = e.labels.filter(function (l) { return l.toLowerCase().indexOf(q) >= 0; }).join(", ");
          var li = add(results, "li", label + " (" + (byDom[e.from] ? byDom[e.from].name : e.from) + " → " + (byDom[e.to] ? byDom[e.to].name : e.to) + ")");
          li.addEventListener("click", function () { select(e.from); center(e.from); });
        });
        count.textContent = (found.length + edgeHits.length) + " match" + (found.length + edgeHits.length === 1 ? "" : "es");
        root.setAttribute("data-navgraph-matches", found.map(function (n) { return n.dom; }).concat(edgeHits.map(function (e) { return e.dom; })).join(" "));
        if (found.length) center(found[0].dom);
        return found;
      }
      search.addEventListener("input", function () { runSearch(search.value); });
      search.addEventListener("keydown", function (evt) {
        if (evt.key === "Enter") { var f = runSearch(search.value); if (f.length) select(f[0].dom); }
      });

      var hash = decodeURIComponent(location.hash.replace(/^#/, ""));
      if (hash.indexOf("search=") === 0) { search.value = hash.slice(7); var f = runSearch(search.value); if (f.length) select(f[0].dom); }
      else if (hash.indexOf("select=") === 0) { select(hash.slice(7)); center(hash.slice(7)); }
      apply();
      root.setAttribute("data-navgraph-ready", "1");
    })();
    """
}

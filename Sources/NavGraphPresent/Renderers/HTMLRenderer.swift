import Foundation
import NavGraphModel

/// One self-contained HTML file: the Graphviz SVG inline, pan and zoom, a search box,
/// click-to-highlight of a node's neighbours with its file:line, and a findings panel. No network
/// resources: the only URLs are the user's `--source-url` links. See docs/html-page.md.
///
/// Safety: the SVG's text comes escaped from Graphviz; the data for the script is JSON with `<`, `>`
/// and `&` written as `\u003c`, `\u003e`, `\u0026` (so neither `</script>` nor `<!--` can appear in
/// it), and the script builds every list and panel with `textContent`, never `innerHTML`.
///
/// The URL fragment holds the page's state (`#select=screen-Cart&search=Cart&finding=2&panel=findings&view=x,y,k`)
/// and the page follows changes to it, so links in reviews and back/forward work; the browser test uses it.
public enum HTMLRenderer {
    public static func render(_ graph: NavGraph, options: RenderOptions = RenderOptions(), findings: [Finding] = []) throws -> GraphvizRenderer.Output {
        try render(Drawing(graph, marks: options.marks), options: options, graph: graph, findings: findings)
    }

    /// `graph` is the graph `drawing` was made from (for findings about nodes merged into a flow);
    /// `findings` are listed in the page's findings panel.
    public static func render(_ drawing: Drawing, options: RenderOptions, graph: NavGraph? = nil, findings: [Finding] = []) throws -> GraphvizRenderer.Output {
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
        <button id="zoom-in" title="Zoom in (+)">+</button><button id="zoom-out" title="Zoom out (-)">−</button><button id="fit" title="Fit all (0)">Fit</button>
        <button id="toggle-findings" title="Findings panel (f)" aria-controls="findings-panel">Findings</button>
        </header>
        <div id="layout">
        <main id="viewport">
        \(svg)
        </main>
        <aside id="info"><section id="findings-panel" hidden><h3>Findings <span id="finding-counts"></span></h3><ol id="findings"></ol></section><ol id="results"></ol><div id="details"><p class="hint">Click a node to highlight its neighbours and see where it is declared. Drag to pan, scroll or pinch to zoom.</p></div></aside>
        </div>
        <script type="application/json" id="navgraph-data">\(dataJSON(drawing, options, graph: graph, findings: findings))</script>
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

    /// A finding and the drawn node that shows it (`node` nil: not drawn in this view). `how` says how
    /// the node shows it: `node` (it is the finding's symbol), `flow` (the symbol is merged into this
    /// collapsed flow), `edge` (the symbol is a label on an edge from this node), `owner` (the symbol
    /// is a route or action of this coordinator, not drawn itself).
    struct FindingData: Encodable {
        var severity: String, rule: String, symbol: String, message: String, file: String, line: Int
        var url: String?
        var node: String?
        var how: String?
        /// For `how == "edge"`: the edge whose label names the symbol (highlighted with the node).
        var edge: String?
    }

    struct PageData: Encodable {
        var nodes: [NodeData]
        var edges: [EdgeData]
        var findings: [FindingData]
    }

    static func dataJSON(_ drawing: Drawing, _ options: RenderOptions, graph: NavGraph? = nil, findings: [Finding] = []) -> String {
        let domOf = Dictionary(drawing.nodes.map { ($0.id, $0.domID) }, uniquingKeysWith: { a, _ in a })
        let targets = findingTargets(findings, drawing: drawing, graph: graph)
        let data = PageData(
            nodes: drawing.nodes.map { n in
                NodeData(dom: n.domID, id: n.id, kind: n.kind.rawValue, name: n.name, file: n.file, line: n.line,
                         url: options.link(n.file, n.line), flags: Array(n.classes.dropFirst()))
            },
            edges: drawing.edges.compactMap { e in
                guard let from = domOf[e.from], let to = domOf[e.to] else { return nil }
                return EdgeData(dom: e.domID, from: from, to: to, style: e.style.legend, labels: e.labels, file: e.file, line: e.line,
                                url: options.link(e.file, e.line))
            },
            findings: zip(findings, targets).map { f, t in
                FindingData(severity: f.severity.rawValue, rule: f.rule, symbol: f.symbol, message: f.message, file: f.file, line: f.line,
                            url: options.link(f.file, f.line), node: t?.dom, how: t?.how, edge: t?.edge)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: (try? encoder.encode(data)) ?? Data("{}".utf8), as: UTF8.self)
        return scriptSafe(json)
    }

    /// JSON that cannot end its `<script>` element or open a comment in it: `<`, `>` and `&` as
    /// `\u003c`, `\u003e`, `\u0026` (so no `</script>`, `<!--` or `-->`), and the two line separators
    /// that older JavaScript parsers take as line ends.
    static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026").replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    /// The drawn node each finding is shown at, in `findings`' order (nil: not drawn). A finding's
    /// `symbol` is a node name; when that node is not drawn (a route folded into an edge label, a screen
    /// merged into a collapsed flow, a node outside `--focus`) the nearest drawn place stands for it.
    static func findingTargets(_ findings: [Finding], drawing: Drawing, graph: NavGraph?) -> [(dom: String, how: String, edge: String?)?] {
        var byName: [String: String] = [:]
        for n in drawing.nodes where byName[n.name] == nil { byName[n.name] = n.domID }
        var flowOf: [String: String] = [:], ownerOf: [String: String] = [:]
        for n in graph?.nodes ?? [] {
            if let members = n.attributes?["members"], let dom = drawing.node(n.id)?.domID {
                for m in members.components(separatedBy: ", ") where flowOf[m] == nil { flowOf[m] = dom }
            }
            if let owner = n.owner, ownerOf[n.name] == nil { ownerOf[n.name] = owner }
        }
        // Edge labels drop the owner's prefix (`showRecipe(_:)` for `MainCoordinator.showRecipe(_:)`)
        // and may end in a note (`showTimerSettings() (dead)`).
        var edgeFrom: [String: (from: String, edge: String)] = [:]
        for e in drawing.edges {
            guard let from = drawing.node(e.from)?.domID else { continue }
            for l in e.labels {
                let bare = l.replacingOccurrences(of: #" \([^()]*\)$"#, with: "", options: .regularExpression)
                for key in [l, bare] where edgeFrom[key] == nil { edgeFrom[key] = (from, e.domID) }
            }
        }
        return findings.map { f in
            let s = f.symbol
            if let dom = byName[s] { return (dom, "node", nil) }
            if let dom = flowOf[s] { return (dom, "flow", nil) }
            if let e = edgeFrom[s] { return (e.from, "edge", e.edge) }
            if let owner = ownerOf[s] {
                if s.hasPrefix(owner + "."), let e = edgeFrom[String(s.dropFirst(owner.count + 1))] { return (e.from, "edge", e.edge) }
                if let dom = byName[owner] ?? flowOf[owner] { return (dom, "owner", nil) }
            }
            return nil
        }
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
    header button[aria-pressed="true"] { background: #dde7f7; }
    #count { color: #666; min-width: 80px; }
    #layout { flex: 1; display: flex; min-height: 0; }
    #viewport { flex: 1; overflow: hidden; cursor: grab; background: #fff; touch-action: none; min-width: 0; position: relative; }
    #viewport.dragging { cursor: grabbing; }
    #viewport svg { position: absolute; top: 0; left: 0; width: 100%; height: 100%; display: block; }
    #info { width: 340px; border-left: 1px solid #ddd; padding: 8px 12px; overflow: auto; background: #fcfcfc; }
    #info h2 { font-size: 14px; margin: 4px 0; word-break: break-all; }
    #info h3 { font-size: 13px; margin: 4px 0; }
    #finding-counts { font-weight: normal; color: #555; }
    #info .kind { color: #666; text-transform: uppercase; font-size: 11px; letter-spacing: .05em; }
    #info ul, #results { padding-left: 18px; margin: 4px 0 10px; }
    #info code, #info a { word-break: break-all; }
    #info li { cursor: pointer; word-break: break-all; }
    #info li:hover { text-decoration: underline; }
    #findings { padding-left: 0; list-style: none; margin: 4px 0 10px; border-bottom: 1px solid #ddd; }
    #findings li { padding: 4px 6px; border-left: 4px solid #999; margin-bottom: 4px; word-break: normal; }
    #findings li > * { margin-right: 6px; }
    #findings li.error { border-left-color: #b52a2a; }
    #findings li.warning { border-left-color: #d98b00; }
    #findings li.current { background: #e8f0fc; }
    #findings li.undrawn { cursor: default; color: #555; }
    #findings .sev { font-weight: bold; text-transform: uppercase; font-size: 11px; }
    #findings .msg { display: block; }
    #findings .where, #findings .note { color: #666; font-size: 12px; }
    .hint { color: #666; }
    svg.dimmed g.node:not(.hl), svg.dimmed g.edge:not(.hl) { opacity: .12; }
    svg g.node.selected > g > a > :is(polygon, ellipse, path), svg g.node.selected > :is(polygon, ellipse, path) { stroke-width: 4px; }
    svg g.node.match > g > a > :is(polygon, ellipse, path), svg g.node.match > :is(polygon, ellipse, path) { stroke: #ff8c00; stroke-width: 4px; }
    svg g.edge.match path { stroke: #ff8c00; stroke-width: 3px; }
    svg g.edge.finding-edge path { stroke-width: 4px; }
    svg g.edge.finding-edge text { font-weight: bold; }
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
      var panel = document.getElementById("findings-panel");
      var findingsList = document.getElementById("findings");
      var toggle = document.getElementById("toggle-findings");
      var byDom = {}, edgesOf = {}, findingsOf = {};
      data.nodes.forEach(function (n) { byDom[n.dom] = n; edgesOf[n.dom] = []; findingsOf[n.dom] = []; });
      data.edges.forEach(function (e) {
        if (edgesOf[e.from]) edgesOf[e.from].push(e);
        if (edgesOf[e.to] && e.to !== e.from) edgesOf[e.to].push(e);
      });
      data.findings.forEach(function (f, i) { if (f.node && findingsOf[f.node]) findingsOf[f.node].push(i); });
      // What the page shows, mirrored in the URL fragment (see fragment()).
      var state = { select: null, finding: null, search: "", panel: data.findings.length ? "findings" : "closed" };

      function add(parent, tag, text, cls) {
        var el = document.createElement(tag);
        if (text !== undefined) el.textContent = text;
        if (cls) el.className = cls;
        parent.appendChild(el);
        return el;
      }
      function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }
      function element(dom) { return dom ? document.getElementById(dom) : null; }
      function r1(x) { return Math.round(x * 10) / 10; }

      // The view: centre (cx, cy) in SVG user units and k screen pixels per unit. The viewBox always
      // has the viewport's aspect ratio, so k is exact (no letterboxing) and survives resizes.
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      var vb0 = svg.viewBox.baseVal;
      var home = { x: vb0.x, y: vb0.y, w: vb0.width || 1, h: vb0.height || 1 };
      var view = { cx: home.x + home.w / 2, cy: home.y + home.h / 2, k: 1 };
      // The drawing area, from the page layout alone: the SVG is absolutely placed in it, so its
      // viewBox never feeds back into its size.
      function size() { var r = viewport.getBoundingClientRect(); return { w: Math.max(r.width, 1), h: Math.max(r.height, 1) }; }
      function fitK() { var s = size(); return Math.min(s.w / home.w, s.h / home.h); }
      // Zoom out to a quarter of fit-all; in to 8 px per unit (a 1,000-screen drawing is far wider than any screen).
      function clampK(k) { var f = fitK(); return Math.min(Math.max(k, f / 4), Math.max(f * 4, 8)); }
      function apply() {
        var s = size(), w = s.w / view.k, h = s.h / view.k;
        svg.setAttribute("viewBox", (view.cx - w / 2) + " " + (view.cy - h / 2) + " " + w + " " + h);
        root.setAttribute("data-navgraph-zoom", view.k.toFixed(3));
        measure();
      }
      function setView(cx, cy, k) { view = { cx: cx, cy: cy, k: clampK(k) }; apply(); }
      function fit() { setView(home.x + home.w / 2, home.y + home.h / 2, fitK()); }
      function zoomAt(factor, px, py) {
        if (px === undefined) { px = view.cx; py = view.cy; }
        var k = clampK(view.k * factor), f = view.k / k;
        setView(px - (px - view.cx) * f, py - (py - view.cy) * f, k);
      }
      function toGraph(clientX, clientY) {
        var r = viewport.getBoundingClientRect();
        return { x: view.cx + (clientX - r.left - r.width / 2) / view.k, y: view.cy + (clientY - r.top - r.height / 2) / view.k };
      }
      // A node's box in SVG user units: the union of its outline shapes' own boxes, mapped to the
      // root's units. Text is left out and screen rectangles are not used: at fit-all zoom Chrome lays
      // text out at its minimum font size, so both come back several times too big.
      function box(dom) {
        var el = element(dom), m = svg.getScreenCTM();
        if (!el || !m) return null;
        var inv = m.inverse(), shapes = el.querySelectorAll("polygon, ellipse, path, polyline, rect");
        if (!shapes.length) shapes = [el];
        var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        Array.prototype.forEach.call(shapes, function (s) {
          var em = s.getScreenCTM && s.getScreenCTM();
          if (!em || !s.getBBox) return;
          var b = s.getBBox(), t = inv.multiply(em);
          [[b.x, b.y], [b.x + b.width, b.y + b.height]].forEach(function (c) {
            var p = svg.createSVGPoint(); p.x = c[0]; p.y = c[1]; p = p.matrixTransform(t);
            x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
          });
        });
        if (!isFinite(x0)) return null;
        return { x: x0, y: y0, w: Math.max(x1 - x0, 1), h: Math.max(y1 - y0, 1) };
      }
      function labelFont(dom) {
        var t = element(dom) && element(dom).querySelector("text");
        return (t && parseFloat(t.getAttribute("font-size"))) || 11;
      }
      // Centres a node at a zoom where its label reads at 16 px (at least 12 px when a wide node must
      // fit), never further out than fit-all.
      function zoomTo(dom) {
        var b = box(dom);
        if (!b) return;
        var s = size(), font = labelFont(dom);
        var k = 16 / font, kFits = Math.min(s.w * 0.9 / b.w, s.h * 0.9 / b.h);
        if (kFits < k) k = Math.max(kFits, 12 / font);
        setView(b.x + b.w / 2, b.y + b.h / 2, Math.max(k, fitK()));
      }
      // For tests and tools: where the selected node is on screen and how big its label is, in CSS px.
      function measure() {
        var el = element(state.select);
        if (!el) { ["label-px", "selected-box"].forEach(function (k) { root.removeAttribute("data-navgraph-" + k); }); return; }
        var t = el.querySelector("text"), m = t && t.getScreenCTM(), vr = viewport.getBoundingClientRect(), r = el.getBoundingClientRect();
        if (m) root.setAttribute("data-navgraph-label-px", r1(labelFont(state.select) * Math.sqrt(m.a * m.a + m.b * m.b)).toFixed(1));
        root.setAttribute("data-navgraph-selected-box", [r.left - vr.left, r.top - vr.top, r.width, r.height].map(r1).join(","));
        root.setAttribute("data-navgraph-viewport", [vr.width, vr.height].map(r1).join(","));
      }

      // Wheel and pinch zoom around the pointer; drag (one pointer) pans, two pointers pinch.
      viewport.addEventListener("wheel", function (evt) {
        evt.preventDefault();
        var d = evt.deltaY * (evt.deltaMode === 1 ? 16 : evt.deltaMode === 2 ? 400 : 1);
        var p = toGraph(evt.clientX, evt.clientY);
        zoomAt(Math.exp(-Math.max(-300, Math.min(300, d)) * 0.002), p.x, p.y);
        saveSoon();
      }, { passive: false });
      var pointers = {}, moved = false, pinch = null;
      function pointerList() { return Object.keys(pointers).map(function (id) { return pointers[id]; }); }
      viewport.addEventListener("pointerdown", function (evt) {
        if (evt.pointerType === "mouse" && evt.button !== 0) return;
        pointers[evt.pointerId] = { x: evt.clientX, y: evt.clientY };
        if (pointerList().length === 1) moved = false;
        pinch = null;
      });
      window.addEventListener("pointermove", function (evt) {
        var old = pointers[evt.pointerId];
        if (!old) return;
        var list = pointerList();
        if (list.length >= 2) {
          var a = list[0], b = list[1];
          pointers[evt.pointerId] = { x: evt.clientX, y: evt.clientY };
          var a2 = pointerList()[0], b2 = pointerList()[1];
          var d0 = Math.hypot(a.x - b.x, a.y - b.y), d1 = Math.hypot(a2.x - b2.x, a2.y - b2.y);
          if (d0 > 0 && d1 > 0) { var c = toGraph((a2.x + b2.x) / 2, (a2.y + b2.y) / 2); zoomAt(d1 / d0, c.x, c.y); }
          moved = true; pinch = true; saveSoon();
          return;
        }
        var dx = evt.clientX - old.x, dy = evt.clientY - old.y;
        if (Math.abs(dx) + Math.abs(dy) > 3 || moved) {
          moved = true; viewport.classList.add("dragging");
          pointers[evt.pointerId] = { x: evt.clientX, y: evt.clientY };
          setView(view.cx - dx / view.k, view.cy - dy / view.k, view.k);
          saveSoon();
        }
      });
      function pointerUp(evt) { delete pointers[evt.pointerId]; if (!pointerList().length) viewport.classList.remove("dragging"); }
      window.addEventListener("pointerup", pointerUp);
      window.addEventListener("pointercancel", pointerUp);
      window.addEventListener("resize", apply);
      document.getElementById("zoom-in").addEventListener("click", function () { zoomAt(1.4); save(false); });
      document.getElementById("zoom-out").addEventListener("click", function () { zoomAt(1 / 1.4); save(false); });
      document.getElementById("fit").addEventListener("click", function () { fit(); save(false); });
      toggle.addEventListener("click", function () { setPanel(state.panel === "findings" ? "closed" : "findings"); save(false); });
      window.addEventListener("keydown", function (evt) {
        if (evt.target === search || evt.metaKey || evt.ctrlKey || evt.altKey) return;
        var step = 80 / view.k;
        if (evt.key === "+" || evt.key === "=") { zoomAt(1.4); save(false); }
        else if (evt.key === "-") { zoomAt(1 / 1.4); save(false); }
        else if (evt.key === "0") { fit(); save(false); }
        else if (evt.key === "Escape") { clearSelection(); save(true); }
        else if (evt.key === "/") { evt.preventDefault(); search.focus(); }
        else if (evt.key === "f") { setPanel(state.panel === "findings" ? "closed" : "findings"); save(false); }
        else if ((evt.key === "n" || evt.key === "p") && data.findings.length) {
          var n = data.findings.length, i = state.finding === null ? (evt.key === "n" ? 0 : n - 1) : (state.finding + (evt.key === "n" ? 1 : n - 1)) % n;
          goFinding(i); save(true);
        }
        else if (evt.key === "ArrowLeft") { setView(view.cx - step, view.cy, view.k); saveSoon(); }
        else if (evt.key === "ArrowRight") { setView(view.cx + step, view.cy, view.k); saveSoon(); }
        else if (evt.key === "ArrowUp") { evt.preventDefault(); setView(view.cx, view.cy - step, view.k); saveSoon(); }
        else if (evt.key === "ArrowDown") { evt.preventDefault(); setView(view.cx, view.cy + step, view.k); saveSoon(); }
      });

      // Selection: a node, its neighbours and the edges between them.
      function clearSelection() {
        svg.classList.remove("dimmed");
        Array.prototype.forEach.call(svg.querySelectorAll(".hl, .selected, .finding-edge"), function (el) { el.classList.remove("hl", "selected", "finding-edge"); });
        clear(details);
        state.select = null;
        setFinding(null);
        root.removeAttribute("data-navgraph-selected");
        measure();
      }
      function where(parent, file, line, url) {
        var p = add(parent, "p");
        if (!file) return;
        if (url) { var a = add(p, "a", file + ":" + line); a.href = url; a.target = "_blank"; a.rel = "noopener"; }
        else add(p, "code", file + ":" + line);
      }
      function select(dom) {
        var n = byDom[dom];
        if (!n) return false;
        clearSelection();
        state.select = dom;
        svg.classList.add("dimmed");
        var el = element(dom);
        if (el) el.classList.add("hl", "selected");
        root.setAttribute("data-navgraph-selected", dom);
        add(details, "div", n.kind + (n.flags.length ? " · " + n.flags.join(", ") : ""), "kind");
        add(details, "h2", n.name);
        where(details, n.file, n.line, n.url);
        if (findingsOf[dom].length) {
          add(details, "div", "findings", "kind");
          var fl = add(details, "ul");
          findingsOf[dom].forEach(function (i) {
            var f = data.findings[i];
            var li = add(fl, "li", f.severity + " " + f.rule + ": " + f.message);
            li.addEventListener("click", function () { goFinding(i); save(true); });
          });
        }
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
          li.addEventListener("click", function () { select(other); zoomTo(other); save(true); });
        });
        measure();
        return true;
      }
      function domOf(target) {
        while (target && target !== svg) {
          if (target.classList && target.classList.contains("node") && byDom[target.id]) return target.id;
          target = target.parentNode;
        }
        return null;
      }
      svg.addEventListener("click", function (evt) {
        if (moved) { evt.preventDefault(); moved = false; return; }
        var dom = domOf(evt.target);
        if (evt.metaKey || evt.ctrlKey) return;
        evt.preventDefault();
        if (dom) { select(dom); zoomTo(dom); } else clearSelection();
        save(true);
      });

      // Findings: counts per severity, one entry each; an entry selects and zooms to its node.
      var howText = { flow: "shown at its flow ", edge: "shown on an edge from ", owner: "shown at its owner " };
      var counts = { error: 0, warning: 0, note: 0 };
      data.findings.forEach(function (f, i) {
        counts[f.severity] = (counts[f.severity] || 0) + 1;
        var li = add(findingsList, "li", undefined, "finding " + f.severity + (f.node ? "" : " undrawn"));
        li.id = "finding-" + (i + 1);
        add(li, "span", f.severity, "sev");
        add(li, "code", f.rule, "rule");
        if (f.url) { var a = add(li, "a", f.file + ":" + f.line, "where"); a.href = f.url; a.target = "_blank"; a.rel = "noopener"; }
        else add(li, "span", f.file + ":" + f.line, "where");
        add(li, "span", f.message, "msg");
        if (!f.node) add(li, "span", "not drawn in this view: " + f.symbol, "note");
        else if (f.how !== "node") add(li, "span", howText[f.how] + (byDom[f.node] ? byDom[f.node].name : f.node), "note");
        li.addEventListener("click", function (evt) { if (evt.target.tagName === "A") return; goFinding(i); save(true); });
      });
      function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
      document.getElementById("finding-counts").textContent = data.findings.length
        ? [plural(counts.error, "error"), plural(counts.warning, "warning"), plural(counts.note, "note")].join(" · ") : "none";
      toggle.textContent = "Findings (" + data.findings.length + ")";
      root.setAttribute("data-navgraph-findings", String(data.findings.length));
      root.setAttribute("data-navgraph-finding-counts", "error:" + counts.error + " warning:" + counts.warning + " note:" + counts.note);
      function setFinding(i) {
        var old = state.finding === null ? null : document.getElementById("finding-" + (state.finding + 1));
        if (old) old.classList.remove("current");
        state.finding = i;
        if (i === null) { root.removeAttribute("data-navgraph-finding"); return; }
        var li = document.getElementById("finding-" + (i + 1));
        li.classList.add("current");
        if (li.scrollIntoView) li.scrollIntoView({ block: "nearest" });
        root.setAttribute("data-navgraph-finding", String(i + 1));
      }
      function goFinding(i) {
        var f = data.findings[i];
        if (!f) return false;
        if (f.node && select(f.node)) {
          // The edge that carries the finding's route or action stays lit among the dimmed ones.
          var edgeEl = element(f.edge);
          if (edgeEl) edgeEl.classList.add("hl", "finding-edge");
          zoomTo(f.node);
        } else clearSelection();
        setPanel("findings");
        setFinding(i);
        return true;
      }
      function setPanel(p) {
        state.panel = p === "findings" ? "findings" : "closed";
        panel.hidden = state.panel !== "findings";
        toggle.setAttribute("aria-pressed", String(!panel.hidden));
        root.setAttribute("data-navgraph-panel", state.panel);
      }

      // Search: node names, and the route and action names drawn on edges.
      function runSearch(q) {
        state.search = q;
        Array.prototype.forEach.call(svg.querySelectorAll(".match"), function (el) { el.classList.remove("match"); });
        clear(results);
        q = q.trim().toLowerCase();
        if (!q) { count.textContent = ""; root.removeAttribute("data-navgraph-matches"); return []; }
        var found = data.nodes.filter(function (n) { return n.name.toLowerCase().indexOf(q) >= 0; });
        var edgeHits = data.edges.filter(function (e) { return e.labels.some(function (l) { return l.toLowerCase().indexOf(q) >= 0; }); });
        found.forEach(function (n) {
          var el = element(n.dom); if (el) el.classList.add("match");
          var li = add(results, "li", n.kind + " " + n.name);
          li.addEventListener("click", function () { select(n.dom); zoomTo(n.dom); save(true); });
        });
        edgeHits.forEach(function (e) {
          var el = element(e.dom); if (el) el.classList.add("match");
          var label = e.labels.filter(function (l) { return l.toLowerCase().indexOf(q) >= 0; }).join(", ");
          var li = add(results, "li", label + " (" + (byDom[e.from] ? byDom[e.from].name : e.from) + " → " + (byDom[e.to] ? byDom[e.to].name : e.to) + ")");
          li.addEventListener("click", function () { select(e.from); zoomTo(e.from); save(true); });
        });
        count.textContent = (found.length + edgeHits.length) + " match" + (found.length + edgeHits.length === 1 ? "" : "es");
        root.setAttribute("data-navgraph-matches", found.map(function (n) { return n.dom; }).concat(edgeHits.map(function (e) { return e.dom; })).join(" "));
        return found;
      }
      search.addEventListener("input", function () {
        var f = runSearch(search.value);
        if (f.length) zoomTo(f[0].dom);
        save(false);
      });
      search.addEventListener("keydown", function (evt) {
        if (evt.key === "Enter") { var f = runSearch(search.value); if (f.length) { select(f[0].dom); zoomTo(f[0].dom); } save(true); }
      });

      // The URL fragment: finding=N (1-based) or select=DOM-ID, search=TEXT, panel=findings|closed,
      // view=CX,CY,K. Selections push a history entry (back/forward walks them), the rest replaces it.
      var lastHash = null, saveTimer = null, applied = 0;
      function fragment() {
        var parts = [];
        if (state.finding !== null) parts.push("finding=" + (state.finding + 1));
        else if (state.select) parts.push("select=" + encodeURIComponent(state.select));
        if (state.search) parts.push("search=" + encodeURIComponent(state.search));
        parts.push("panel=" + state.panel);
        parts.push("view=" + [Math.round(view.cx), Math.round(view.cy), view.k.toFixed(3)].join(","));
        return "#" + parts.join("&");
      }
      function save(push) {
        if (saveTimer) { clearTimeout(saveTimer); saveTimer = null; }
        var f = fragment();
        if (f === location.hash) return;
        lastHash = f;
        try { history[push ? "pushState" : "replaceState"](null, "", f); }
        catch (e) { location.replace(f); }
        root.setAttribute("data-navgraph-hash", f);
      }
      function saveSoon() { if (saveTimer) clearTimeout(saveTimer); saveTimer = setTimeout(function () { save(false); }, 400); }
      function parse(h) {
        var out = {};
        h.replace(/^#/, "").split("&").forEach(function (part) {
          if (!part) return;
          var i = part.indexOf("="), k = i < 0 ? part : part.slice(0, i), v = i < 0 ? "" : part.slice(i + 1);
          try { v = decodeURIComponent(v.replace(/\\+/g, " ")); } catch (e) { /* keep it as written */ }
          out[k] = v;
        });
        return out;
      }
      function applyHash(h) {
        lastHash = h;
        applied += 1;
        var p = parse(h);
        setPanel(p.panel === "findings" || p.panel === "closed" ? p.panel : (data.findings.length ? "findings" : "closed"));
        search.value = p.search || "";
        var found = runSearch(search.value);
        var done = false;
        if (p.finding !== undefined) done = goFinding(parseInt(p.finding, 10) - 1);
        if (!done && p.select) {
          done = select(p.select);
          if (done) zoomTo(p.select); else count.textContent = "no node " + p.select;
        }
        if (!done && found.length) { select(found[0].dom); zoomTo(found[0].dom); done = true; }
        if (!done) { clearSelection(); fit(); }
        // An explicit panel key wins over the panel a finding opens.
        if (p.panel === "findings" || p.panel === "closed") setPanel(p.panel);
        var v = (p.view || "").split(",").map(Number);
        if (v.length === 3 && v.every(isFinite) && v[2] > 0) setView(v[0], v[1], v[2]);
        root.setAttribute("data-navgraph-applied", String(applied));
        root.setAttribute("data-navgraph-hash", h);
      }
      function follow() { if (location.hash !== lastHash) applyHash(location.hash); }
      window.addEventListener("hashchange", follow);
      window.addEventListener("popstate", follow);

      if (location.hash.length > 1) applyHash(location.hash);
      else { setPanel(state.panel); fit(); lastHash = location.hash; }
      root.setAttribute("data-navgraph-ready", "1");
    })();
    """
}

// The tutorial page's MathJax slot (mkdocs-jupyter). The notebook has no formulas, and the
// site must load nothing from other hosts; with no URL the page would load itself as a script.

// A copy button on every code block. The clipboard API first (a page opened from file:// is a secure
// context in Chromium and Firefox); where it refuses, the block's text is selected and copied the old
// way, which needs no permission. Added by script: without one, a button would do nothing.
(function () {
  function copyBySelection(code) {
    var range = document.createRange();
    range.selectNodeContents(code);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    var done = document.execCommand("copy");
    selection.removeAllRanges();
    return done;
  }

  function copy(code) {
    var text = code.textContent;
    var viaApi = navigator.clipboard && window.isSecureContext ? navigator.clipboard.writeText(text) : Promise.reject();
    return viaApi.catch(function () {
      if (!copyBySelection(code)) throw new Error("not copied");
    });
  }

  function say(button, text) {
    button.textContent = text;
    clearTimeout(button.reset);
    button.reset = setTimeout(function () { button.textContent = "Copy"; }, 2000);
  }

  document.querySelectorAll("pre > code").forEach(function (code) {
    var pre = code.parentNode;
    var box = document.createElement("div");
    box.className = "code-box";
    pre.parentNode.insertBefore(box, pre);
    box.appendChild(pre);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy this code");
    button.addEventListener("click", function () {
      copy(code).then(
        function () { say(button, "Copied"); },
        function () { say(button, "Press Ctrl+C"); }
      );
    });
    box.appendChild(button);
  });
})();

/*
 * The platform's local 360 spin viewer: the working stand-in for an external viewer service
 * (SPIN_VIEWER_SCRIPT_URL). Any viewer the platform is configured with keeps this contract:
 *
 *   window.PlatformSpinViewer.mount(element, { siteSlug, spinCode, name }) -> Promise<void>
 *
 * It draws the spin into `element` and resolves once it shows, or rejects (the page then falls
 * back to the car's own spin frames, or hides the 360 tab). This one reads the frames from
 * GET /api/sites/{siteSlug}/spins/{spinCode}: drag turns one frame per 20 px, arrow keys one
 * frame, and it turns a frame every 100 ms until the shopper takes over (spec 000 §9).
 */
(function () {
  'use strict';
  var SENSITIVITY_PX = 20;
  var AUTOROTATE_MS = 100;

  function mount(element, options) {
    var path = '/api/sites/' + encodeURIComponent(options.siteSlug) + '/spins/' + encodeURIComponent(options.spinCode);
    return fetch(path, { headers: { accept: 'application/json' } })
      .then(function (response) {
        if (!response.ok) throw new Error('spin ' + options.spinCode + ' answered ' + response.status);
        return response.json();
      })
      .then(function (spin) {
        var frames = spin.frames || [];
        if (frames.length === 0) throw new Error('spin ' + options.spinCode + ' has no frames');
        var frame = 0;
        var timer = null;
        var drag = null;
        var stage = document.createElement('div');
        stage.setAttribute('role', 'img');
        stage.setAttribute('tabindex', '0');
        stage.setAttribute(
          'aria-label',
          '360 degree view of ' + (options.name || spin.name) + ': drag or use the arrow keys to turn',
        );
        stage.setAttribute('data-spin-viewer', 'local');
        stage.style.cssText = 'touch-action:pan-y;cursor:grab;user-select:none';
        var image = document.createElement('img');
        image.alt = '';
        image.draggable = false;
        image.style.cssText = 'display:block;width:100%;height:auto';
        image.src = frames[0];
        stage.appendChild(image);

        function show(next) {
          frame = ((next % frames.length) + frames.length) % frames.length;
          image.src = frames[frame];
          stage.setAttribute('data-frame', String(frame));
        }
        function stop() {
          if (timer !== null) clearInterval(timer);
          timer = null;
        }
        stage.addEventListener('pointerdown', function (event) {
          stop();
          drag = { x: event.clientX, frame: frame };
          stage.setPointerCapture(event.pointerId);
        });
        stage.addEventListener('pointermove', function (event) {
          if (drag) show(drag.frame - Math.trunc((event.clientX - drag.x) / SENSITIVITY_PX));
        });
        stage.addEventListener('pointerup', function () {
          drag = null;
        });
        stage.addEventListener('keydown', function (event) {
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          event.preventDefault();
          stop();
          show(frame + (event.key === 'ArrowRight' ? 1 : -1));
        });
        if (frames.length > 1)
          timer = setInterval(function () {
            // The page took the viewer away (another tab of the gallery): stop turning.
            if (!stage.isConnected) return stop();
            show(frame + 1);
          }, AUTOROTATE_MS);
        element.replaceChildren(stage);
        show(0);
      });
  }

  window.PlatformSpinViewer = { mount: mount };
})();

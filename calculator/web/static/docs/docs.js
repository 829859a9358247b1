// Starts Swagger UI on this service's own spec. It lives in a file, not in the page, so that a
// strict Content-Security-Policy ('self', no inline script) holds. validatorUrl: null keeps the
// page offline (no badge fetched from validator.swagger.io).
"use strict";
(function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.dataset.specUrl,
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
})();

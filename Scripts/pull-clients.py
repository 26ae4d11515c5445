"""Drives three public AppsFlyer Python clients against a running `onelink-replay serve`.

Usage: pull-clients.py BASE_URL (run by Scripts/pull-clients.sh, each client from its own venv).

Test tooling, not a dependency: the clients hard-code AppsFlyer's hosts, so this script points them
at BASE_URL (pyappsflyer through its APP_FLYER_HOST variable, tap-appsflyer and appsflyer by
replacing the attribute or method that holds the host) and checks that the reports they read have
the rows `serve` recorded.

  record  BASE   a click, a click-matched install, a launch, an SDK event and an organic install,
                 through serve's own endpoints (http.client)
  s2s     BASE   an S2S event with the `appsflyer` package (0.1.0)
  pyappsflyer BASE  raw-data and aggregate reports with `pyappsflyer` (0.2), API token V1 path
  tap     BASE   the installs and in_app_events streams with `tap-appsflyer` (1.0.0), V2 path
"""

import datetime
import json
import os
import sys
import time
import http.client
import urllib.parse

APP_ID = "id1234567890"
TOKEN = "PULL_TOKEN"
DEVICE = "pull-client-phone"
UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
      "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def request(base, method, path, body=None, headers=None):
    """One request to serve, redirects not followed (a click answers 302 to the App Store)."""
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def record(base):
    status, _ = request(base, "GET", "/H5hv?pid=pull_network&c=winter_sale&af_sub1=a%2Cb&deep_link_value=apples",
                     headers={"User-Agent": UA, "X-Forwarded-For": "203.0.113.7", "Accept-Language": "en-US"})
    print(f"click: HTTP {status}")
    time.sleep(1.1)
    now = datetime.datetime.now(datetime.timezone.utc)
    install_time = now.strftime("%Y-%m-%d %H:%M:%S.") + f"{now.microsecond // 1000:03d}"
    query = urllib.parse.urlencode({"devkey": "dev", "device_id": DEVICE, "install_time": install_time,
                                    "ip": "203.0.113.7", "model": "iPhone15,2", "os_version": "17.4",
                                    "language": "en-US", "advertising_id": "6F9619FF-8B86-D011-B42D-00C04FC964FF"},
                                   quote_via=urllib.parse.quote)
    status, body = request(base, "GET", f"/install_data/v5.0/{APP_ID}?{query}")
    answer = json.loads(body)
    print(f"install: HTTP {status} af_status={answer.get('af_status')} media_source={answer.get('media_source')} "
          f"campaign={answer.get('campaign')} match_type={answer.get('match_type')}")
    if answer.get("af_status") != "Non-organic":
        fail("the install was not matched to the click")
    status, _ = request(base, "POST", f"/api/v6/iosevent/{APP_ID}", headers={"authentication": "dev"},
                     body=json.dumps({"appsflyer_id": DEVICE, "counter": 1, "customer_user_id": "user-42"}).encode())
    print(f"launch: HTTP {status}")
    event = {"appsflyer_id": DEVICE, "eventName": "af_purchase", "customer_user_id": "user-42",
             "eventValue": {"af_revenue": "9.99", "af_content_id": "sku,\"1\""}, "eventCurrency": "USD"}
    status, _ = request(base, "POST", f"/api/v6/iosevent/{APP_ID}", headers={"authentication": "dev"},
                     body=json.dumps(event).encode())
    print(f"SDK event af_purchase: HTTP {status}")
    query = urllib.parse.urlencode({"devkey": "dev", "device_id": "organic-client-phone", "install_time": install_time,
                                    "ip": "198.51.100.77", "model": "iPhone14,7", "os_version": "17.2",
                                    "language": "de-DE"}, quote_via=urllib.parse.quote)
    status, body = request(base, "GET", f"/install_data/v5.0/{APP_ID}?{query}")
    print(f"organic install: HTTP {status} af_status={json.loads(body).get('af_status')}")


def s2s(base):
    import appsflyer.rest
    client = appsflyer.rest.Client(app_id=APP_ID, dev_key="S2S_KEY")
    client.api_base_uri = lambda: f"{base}/inappevent/{APP_ID}"
    response = client.generate_event(appsflyer_id=DEVICE, event_name="af_subscribe",
                                     event_value=json.dumps({"af_revenue": "4.50"}), event_currency="USD",
                                     customer_user_id="user-42")
    print(f"appsflyer 0.1.0 generate_event af_subscribe: HTTP {response.status_code} {response.text!r}")
    if response.status_code != 200:
        fail("the S2S event was refused")


def pyappsflyer_reports(base):
    os.environ["APP_FLYER_HOST"] = base
    import logging
    from pyappsflyer import PerformanceReport, RawDataReport
    logging.getLogger().setLevel(logging.WARNING)
    today = datetime.date.today()
    dates = {"from_date": (today - datetime.timedelta(days=1)).isoformat(),
             "to_date": (today + datetime.timedelta(days=1)).isoformat()}
    raw = RawDataReport(application_name=APP_ID, api_key=TOKEN)
    for name in ("installs_report", "organic_installs_report", "in_app_events_report"):
        rows = raw.get_report(api_report_name=name, **dates)
        print(f"pyappsflyer 0.2 RawDataReport {name}: {len(rows)} row(s)")
        for row in rows:
            print("  " + json.dumps({key: row.get(key) for key in (
                "Install Time", "Event Time", "Event Name", "Event Value", "Event Revenue", "Event Source",
                "Media Source", "Campaign", "Sub Param 1", "AppsFlyer ID", "Customer User ID", "IDFA",
                "Match Type", "Device Category")}))
        if not rows:
            fail(f"pyappsflyer read no rows of {name}")
    performance = PerformanceReport(application_name=APP_ID, api_key=TOKEN)
    rows = performance.get_report(api_report_name="partners_report", **dates)
    print(f"pyappsflyer 0.2 PerformanceReport partners_report: {len(rows)} row(s)")
    for row in rows:
        print("  " + json.dumps(dict(row)))
    if not rows:
        fail("pyappsflyer read no partners_report rows")


def tap(base):
    import contextlib
    import io
    import tap_appsflyer
    import tap_appsflyer.client
    from tap_appsflyer.discover import discover
    original_init = tap_appsflyer.client.Client.__init__

    def local_init(self, config):
        original_init(self, config)
        self.base_url = base

    tap_appsflyer.client.Client.__init__ = local_init
    catalog = discover().to_dict()
    for stream in catalog["streams"]:
        for entry in stream["metadata"]:
            entry["metadata"]["selected"] = True
    start = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    directory = os.environ.get("PULL_CLIENTS_DIR", ".")
    with open(os.path.join(directory, "tap-config.json"), "w") as file:
        json.dump({"app_id": APP_ID, "api_token": TOKEN, "start_date": start}, file)
    with open(os.path.join(directory, "tap-catalog.json"), "w") as file:
        json.dump(catalog, file)
    sys.argv = ["tap-appsflyer", "--config", os.path.join(directory, "tap-config.json"),
                "--catalog", os.path.join(directory, "tap-catalog.json")]
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        try:
            tap_appsflyer.main()
        except SystemExit as exit:
            if exit.code:
                raise
    records = {}
    for line in output.getvalue().splitlines():
        message = json.loads(line)
        if message.get("type") == "RECORD":
            records.setdefault(message["stream"], []).append(message["record"])
    for stream in ("installs", "organic_installs", "in_app_events"):
        rows = records.get(stream, [])
        print(f"tap-appsflyer 1.0.0 stream {stream}: {len(rows)} record(s)")
        for row in rows:
            print("  " + json.dumps({key: row.get(key) for key in (
                "attributed_touch_time", "install_time", "event_time", "event_name", "event_value",
                "event_revenue", "event_source", "media_source", "campaign", "af_sub1", "appsflyer_id",
                "customer_user_id", "idfa", "is_retargeting")}))
    if not all(records.get(stream) for stream in ("installs", "organic_installs", "in_app_events")):
        fail("tap-appsflyer read no installs, organic installs or in-app events")


if __name__ == "__main__":
    command, base = sys.argv[1], sys.argv[2].rstrip("/")
    {"record": record, "s2s": s2s, "pyappsflyer": pyappsflyer_reports, "tap": tap}[command](base)

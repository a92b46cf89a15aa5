"""The web page's address on the box (issue 34): the menu's `Web-Seite` shows it as a QR code
(segno) and as text; the config says where the page listens; `tabletop web` refuses a bad
address in one line."""

import pytest
import segno

from device.app.frame import qr_matrix
from device.app.menu import menu_items
from device.cli.main import main
from device.settings import Buttons, Settings, Web
from device.sim.simulator import Simulator
from tests.boxdriver import Player


def test_the_address_is_the_bound_one_or_the_box_s_name():
    assert Web().address("tafel") == "http://tafel.local:8080/"
    assert Web(bind="192.168.1.20:80").address("tafel") == "http://192.168.1.20:80/"
    assert Web(bind="[fd00::7]:8080").address("tafel") == "http://[fd00::7]:8080/"
    with pytest.raises(ValueError):
        Web(bind="no port")
    with pytest.raises(ValueError, match="a port is 1..65535, not 70000"):
        Web(bind="0.0.0.0:70000")


def test_the_menu_shows_the_address_as_a_qr_code_a_phone_reads(tmp_path):
    settings = Settings(buttons=Buttons(hold_s=0.2), web=Web(bind="10.0.0.7:8080"))
    sim = Simulator(settings, tmp_path)
    sim.start()
    try:
        p = Player(sim)
        items = menu_items(p.box)
        p.press(*["down"] * items.index("web"), "ok")
        image = sim.screen.image.convert("1")
        matrix = qr_matrix("http://10.0.0.7:8080/")
        expected = segno.make("http://10.0.0.7:8080/", error="l", boost_error=False)
        assert len(matrix) == expected.symbol_size(border=0)[0]
        scale, side = 2, (len(matrix) + 2) * 2
        top = (64 - side) // 2
        for r, row in enumerate(matrix):  # every module drawn dark on light, 2x2 pixels
            for c, dark in enumerate(row):
                x, y = (c + 1) * scale, top + (r + 1) * scale
                assert (image.getpixel((x, y)) == 0) == dark
        for x in range(side):  # the quiet margin around it is light
            assert image.getpixel((x, top)) != 0
        p.press("back")
        assert p.box.mode == "menu" and len(p.box.menu) == 1
    finally:
        sim.stop()


@pytest.mark.parametrize("bind", ["nothing", "1.2.3.4:99999", "host:port", ""])
def test_tabletop_web_refuses_a_bad_address_in_one_line(capsys, tmp_path, bind):
    assert main(["web", "--bind", bind, "--state-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tabletop: web: --bind") and err.count("\n") == 1
    assert "pydantic" not in err and ("e.g. 0.0.0.0:8080" in err or "1..65535" in err), err


def test_a_config_port_out_of_range_is_a_config_error_naming_the_key(capsys, tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[web]\nbind = "0.0.0.0:70000"\n')
    assert main(["web", "--config", str(config), "--state-dir", str(tmp_path)]) == 78
    err = capsys.readouterr().err
    assert "web.bind" in err and "a port is 1..65535, not 70000" in err
    assert err.count("\n") == 1

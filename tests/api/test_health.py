def test_livez_answers(client):
    response = client.get("/livez")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_readyz_answers(client):
    assert client.get("/readyz").get_json() == {"status": "ready"}


def test_unknown_path_is_problem_json(client):
    response = client.get("/no/such/thing")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["status"] == 404


def test_a_doubled_slash_is_an_unknown_path_not_a_redirect(client):
    response = client.get("/static//0")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"

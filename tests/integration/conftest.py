"""Integration tests: real Docker engine, the real sandbox image with the real `claude`, real
Ray (one local cluster per test session), and the scripted model endpoint on loopback. Their
fixtures live in tests/conftest.py (the security suite shares them)."""

"""The catalogue of named compiler rewrites (``patterns/*.pattern``) and ``irverify patterns``."""

-- plaza:contract refresh tokens name their code by auth_code_hash (0002); no release reads auth_code_id
ALTER TABLE "refresh_tokens" DROP COLUMN "auth_code_id";
// Every test process reads the translations (app/locales) as the server does at start-up (issue 36).
import { ensureCatalogs } from "../../app/lib/i18n/catalogs.server";

ensureCatalogs();
